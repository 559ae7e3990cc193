import { z } from "zod";
import { db } from "@/lib/db";
import type { Document, Prisma } from "@/lib/generated/prisma/client";
import type { DataStore } from "@/lib/datastore/data-store";
import { recordAudit } from "@/lib/audit/record-audit";
import { accountScope } from "@/lib/accounts/scope";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { AttachmentFile } from "@/lib/files/attachment-file";
import { imageSize } from "@/lib/files/image-size";
import { storage } from "@/lib/storage/storage";
import type { RawValue, UploadValue } from "@/lib/templates/variables";
import { requireDocumentRole } from "./access";
import { attachmentExt, attachmentKey, newAttachmentId } from "./attachment-keys";
import { fieldValuesSchema } from "./document-schemas";
import { fillTemplate } from "./fill-template";
import { readStored } from "./stored-file";
import { assertNotLockedByOther } from "./document-lock";
import type { FieldUpload } from "./field-uploads";
import { refreshSearchIndex } from "./search-index";
import { newVersionFileKey, nextVersionNumber } from "./version-files";
import { clip } from "@/lib/text/clip";

export const updateDocumentValuesSchema = z.object({ values: fieldValuesSchema.default({}) }).strict();

type StoredVariables = { values?: Record<string, unknown>; definitions?: unknown };

/** A value as comparable text: object keys sorted (the database keeps JSON keys in its own order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, part: unknown) =>
    part && typeof part === "object" && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : part,
  );

/**
 * New values for the fields of a document made from a template: checked and filled exactly as
 * at creation (fillTemplate, with the template's current file and fields), and kept as a new
 * version, the values replacing the document's. An upload field given a new file replaces its
 * attachment; one given none keeps its file (and an image field its picture). Needs editor and
 * ManageDocuments, and no one else editing it; NOT_FROM_TEMPLATE for an uploaded document or
 * one whose template was deleted. The files are stored first and removed again if the write
 * fails; replaced files go once it succeeded. Audited `document.valuesUpdated` with the version
 * and the names of the fields that changed, never their values.
 */
export async function updateDocumentValues(
  ctx: ServiceContext,
  documentId: string,
  input: z.output<typeof updateDocumentValuesSchema>,
  uploads: FieldUpload[] = [],
) {
  accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "editor", { attachments: { where: { variable: { not: null } } } });
  await assertNotLockedByOther(ctx, document);
  return writeDocumentValues(ctx, document as ValuesDocument, input, uploads);
}

/** A document with the attachments of its upload fields, as writeDocumentValues needs it. */
export type ValuesDocument = Pick<Document, "id" | "accountId" | "name" | "templateId" | "language" | "variables"> & {
  attachments: { id: string; variable: string | null; name: string; mimetype: string; size: number; path: string }[];
};

/**
 * The write of updateDocumentValues, for a caller whose access is already checked (a member
 * above, or a reviewer whose approval allows modification: lib/approvals/revise-approval-document.ts).
 * `dataStore` is the workspace's data store when the caller may not read it through getDataStore;
 * `audit` adds to the audit row's payload (who, when it was not a member); `inTransaction` joins
 * the write's transaction.
 */
export async function writeDocumentValues(
  ctx: ServiceContext,
  document: ValuesDocument,
  input: z.infer<typeof updateDocumentValuesSchema>,
  uploads: FieldUpload[],
  options: {
    dataStore?: DataStore;
    audit?: Record<string, string>;
    /** Runs inside the write's transaction, before the audit row (a reviewer's checks and marks); throwing undoes the write. */
    inTransaction?: (tx: Prisma.TransactionClient) => Promise<void>;
  } = {},
) {
  const { accountId } = document;
  const template = document.templateId ? await db.template.findFirst({ where: { id: document.templateId, accountId } }) : null;
  if (!template)
    throw new AppError(AppErrorCode.NOT_FROM_TEMPLATE, {
      message: "This document was not made from a template that still exists: upload a new version instead.",
    });

  const previous = ((document.variables as StoredVariables).values ?? {}) as Record<string, RawValue>;
  const fieldFiles = document.attachments;
  const keep: Record<string, { value: UploadValue; picture?: AttachmentFile }> = {};
  for (const attachment of fieldFiles) {
    if (!attachment.variable || uploads.some((upload) => upload.field === attachment.variable)) continue;
    const value = { name: attachment.name, mimetype: attachment.mimetype, size: attachment.size };
    let picture: AttachmentFile | undefined;
    if (attachment.mimetype === "image/png" || attachment.mimetype === "image/jpeg") {
      const bytes = await readStored(attachment.path);
      const size = imageSize(bytes);
      if (size) picture = { name: attachment.name, bytes, mimetype: attachment.mimetype, ext: attachmentExt(attachment.mimetype), size };
    }
    keep[attachment.variable] = { value, picture };
  }

  const language = document.language ?? template.language;
  const { variables, filled, files, generated } = await fillTemplate(
    ctx,
    template,
    input.values as Record<string, RawValue>,
    uploads,
    language,
    keep,
    options.dataStore,
  );
  const changed = variables.filter((v) => canonical(filled.values[v.name]) !== canonical(previous[v.name])).map((v) => v.name);

  const key = newVersionFileKey(accountId, document.id, template.format);
  const added = files.attachments.map((attachment) => ({ ...attachment, id: newAttachmentId() }));
  const addedKeys = added.map((attachment) => attachmentKey(accountId, document.id, attachment.id, attachment.ext));
  const replaced = fieldFiles.filter((attachment) => added.some((a) => a.variable === attachment.variable));
  const stored: string[] = [];
  const puts = await Promise.allSettled([
    storage()
      .put(key, generated.bytes)
      .then(() => stored.push(key)),
    ...added.map((attachment, i) =>
      storage()
        .put(addedKeys[i], attachment.bytes)
        .then(() => stored.push(addedKeys[i])),
    ),
  ]);
  try {
    const failed = puts.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    const now = Date.now();
    const content = await db.$transaction(async (tx) => {
      const version = await nextVersionNumber(tx, document.id);
      const created = await tx.documentContent.create({
        data: {
          accountId,
          documentId: document.id,
          authorId: ctx.userId,
          version,
          name: clip(`${document.name}.${template.format}`, 255),
          mimetype: template.mimetype,
          path: key,
          size: generated.bytes.byteLength,
          delimiters: template.delimiter,
          text: generated.text,
        },
      });
      if (replaced.length) await tx.documentAttachment.deleteMany({ where: { accountId, id: { in: replaced.map((a) => a.id) } } });
      if (added.length) {
        await tx.documentAttachment.createMany({
          data: added.map((attachment, i) => ({
            id: attachment.id,
            accountId,
            documentId: document.id,
            authorId: ctx.userId,
            variable: attachment.variable,
            name: attachment.name,
            mimetype: attachment.mimetype,
            size: attachment.bytes.byteLength,
            path: addedKeys[i],
            createdAt: new Date(now + i),
          })),
        });
      }
      await tx.document.update({
        where: { id: document.id },
        data: {
          variables: { values: filled.values, definitions: variables } as unknown as Prisma.InputJsonValue,
          updatedAt: new Date(now),
        },
      });
      await options.inTransaction?.(tx);
      await refreshSearchIndex(tx, document.id);
      await recordAudit(tx, ctx, {
        eventType: "document.valuesUpdated",
        targetType: "document",
        targetId: document.id,
        payload: { version, fields: changed, ...options.audit },
      });
      return created;
    });
    await Promise.allSettled(replaced.map((attachment) => storage().delete(attachment.path)));
    return { version: content.version, fields: changed };
  } catch (error) {
    await Promise.allSettled(stored.map((k) => storage().delete(k)));
    throw error;
  }
}
