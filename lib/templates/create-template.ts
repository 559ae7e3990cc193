import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { assertOwnReferences } from "@/lib/documents/references";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { getTranslator } from "@/lib/i18n/messages";
import { storage } from "@/lib/storage/storage";
import { templatesWhere } from "./template-access";
import { refreshTemplateSearch } from "./template-search";
import { assertValidVariables } from "./variables";
import { type TemplateFields, templateInclude } from "./template-schemas";
import { initialVariables, inspectTemplateFile, templateFileColumns, templateStorageKey } from "./template-file";
import { clip } from "@/lib/text/clip";

/**
 * Creates a template from an uploaded .docx, .pdf or .doc: the file is checked by content, its
 * variable fields found (one format only; a PDF needs a form), stored, and the template saved
 * unpublished with a text definition for each field. Needs ManageTemplates.
 */
export async function createTemplate(ctx: ServiceContext, input: TemplateFields, upload: UploadedFile) {
  const { accountId } = templatesWhere(ctx, "manage");
  const file = await inspectTemplateFile(upload);
  const variables = input.variables ?? initialVariables(file);
  assertValidVariables(variables);
  const name = input.name ?? (clip(upload.name.replace(/\.[^.]+$/, "").trim(), 200) || getTranslator(ctx.locale)("templates.defaultName"));

  const templateId = crypto.randomUUID().replace(/-/g, "").slice(0, 25);
  const key = templateStorageKey(accountId, templateId, 1, file.ext);
  await storage().put(key, file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      await assertOwnReferences(tx, accountId, {
        categoryId: input.categoryId,
        folderId: input.folderId,
        folderGroup: "template",
        tagIds: input.tagIds,
      });
      const template = await tx.template.create({
        data: {
          id: templateId,
          accountId,
          authorId: ctx.userId,
          name,
          description: input.description ?? null,
          language: input.language ?? null,
          jurisdiction: input.jurisdiction ?? null,
          value: input.value ?? null,
          currency: input.currency?.toUpperCase() ?? null,
          categoryId: input.categoryId ?? null,
          folderId: input.folderId ?? null,
          tags: input.tagIds?.length ? { connect: input.tagIds.map((tagId) => ({ id: tagId })) } : undefined,
          ...templateFileColumns(file, upload.name, key),
          variables: variables as unknown as Prisma.InputJsonValue,
          metadata: { text: clip(file.text, 100_000) },
        },
        include: templateInclude,
      });
      await refreshTemplateSearch(tx, template.id);
      await recordAudit(tx, ctx, {
        eventType: "template.created",
        targetType: "template",
        targetId: template.id,
        payload: { name, fields: variables.length, format: file.format },
      });
      return template;
    });
  } catch (error) {
    await storage().delete(key);
    throw error;
  }
}
