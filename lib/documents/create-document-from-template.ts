import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { requireTemplate, templatesWhere } from "@/lib/templates/template-access";
import { fillName, type RawValue } from "@/lib/templates/variables";
import type { createFromTemplateSchema } from "./document-schemas";
import type { FieldUpload } from "./field-uploads";
import { fillTemplate } from "./fill-template";
import { insertDocuments } from "./insert-documents";

/**
 * Creates a document from a published template: each value is checked against its field's
 * type (VALIDATION_FAILED lists every broken field), formulas are computed, the template's file
 * is filled (DOCX with its delimiters, PDF forms) and stored as version 1. The name defaults to
 * the template's name with its fields filled. A field the person left empty whose name is a
 * variable of the workspace data store takes the store's value (a typed value wins; the field's
 * own type still checks it), so [company legal name] fills itself in every template. `uploads`
 * are the files of its attachment, file and image fields (prepareFieldUploads): kept with the
 * document as its attachments, a picture also placed in the file. Needs ManageDocuments and
 * ViewTemplates.
 */
export async function createDocumentFromTemplate(
  ctx: ServiceContext,
  input: z.output<typeof createFromTemplateSchema>,
  uploads: FieldUpload[] = [],
) {
  accountScope(ctx);
  // Both permissions are checked before the template is read.
  templatesWhere(ctx, "view");
  const template = await requireTemplate(ctx, input.templateId, "view");
  if (!template.published)
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Publish the template before creating documents from it.",
      params: { fields: "templateId" },
    });
  const language = input.fields.language ?? template.language;
  const { variables, filled, files, generated, dataStoreNames } = await fillTemplate(
    ctx,
    template,
    input.values as Record<string, RawValue>,
    uploads,
    language,
  );
  const name = (input.fields.name ?? fillName(template.name, template.delimiter, filled.text)).slice(0, 200);
  const [document] = await insertDocuments(ctx, [
    {
      fields: {
        language,
        jurisdiction: template.jurisdiction,
        currency: template.currency,
        value: template.value === null ? null : Number(template.value),
        categoryId: template.categoryId,
        ...input.fields,
      },
      name,
      templateId: template.id,
      variables: { values: filled.values, definitions: variables } as unknown as Prisma.InputJsonValue,
      file: {
        bytes: generated.bytes,
        ext: template.format,
        mimetype: template.mimetype,
        name: `${name}.${template.format}`,
        text: generated.text,
        delimiters: template.delimiter,
      },
      attachments: files.attachments,
      auditEvent: "document.created",
      auditPayload: {
        from: "template",
        templateId: template.id,
        ...(dataStoreNames.length ? { dataStore: dataStoreNames } : {}),
        ...(files.attachments.length ? { attachments: files.attachments.map((a) => a.name) } : {}),
      },
    },
  ]);
  return document;
}
