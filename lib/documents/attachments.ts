import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inspectAttachmentFile } from "@/lib/files/attachment-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";
import { attachmentKey, newAttachmentId } from "./attachment-keys";
import { assertNotLockedByOther } from "./document-lock";
import { findUserSummaries } from "./find-user-summaries";

/** A document keeps at most this many files besides its versions. */
export const MAX_ATTACHMENTS = 50;

const notFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Attachment not found." });

type AttachmentRow = {
  id: string;
  documentId: string;
  variable: string | null;
  name: string;
  mimetype: string;
  size: number;
  authorId: string | null;
  createdAt: Date;
};

/** An attachment as screens and answers show it: never its storage key. */
export async function presentAttachments(ctx: ServiceContext, rows: AttachmentRow[]) {
  const authors = await findUserSummaries(
    ctx,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    documentId: row.documentId,
    variable: row.variable,
    name: row.name,
    mimetype: row.mimetype,
    size: row.size,
    createdAt: row.createdAt,
    author: row.authorId ? (authors.get(row.authorId) ?? null) : null,
  }));
}
export type DocumentAttachmentView = Awaited<ReturnType<typeof presentAttachments>>[number];

export const attachmentSelect = {
  id: true,
  documentId: true,
  variable: true,
  name: true,
  mimetype: true,
  size: true,
  authorId: true,
  createdAt: true,
} as const;

/** The files kept with a document, oldest first: its upload fields' files and the annexes. Needs reader. */
export async function findDocumentAttachments(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.documentAttachment.findMany({
    where: { accountId: document.accountId, documentId: document.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: attachmentSelect,
    take: MAX_ATTACHMENTS * 2,
  });
  return presentAttachments(ctx, rows);
}

/** One attachment's file as a stream, audited as a download. Needs reader; NOT_FOUND for another document's. */
export async function getDocumentAttachmentFile(ctx: ServiceContext, documentId: string, attachmentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const attachment = await db.documentAttachment.findFirst({
    where: { id: attachmentId, accountId: document.accountId, documentId: document.id },
  });
  const stored = attachment ? await storage().get(attachment.path) : null;
  if (!attachment || !stored) throw notFound();
  await recordAudit(db, ctx, {
    eventType: "document.attachmentDownloaded",
    targetType: "document",
    targetId: document.id,
    payload: { attachmentId: attachment.id, name: attachment.name },
  });
  return { ...stored, mimetype: attachment.mimetype, fileName: attachment.name };
}

/**
 * Adds an annex: a PDF, Word (.docx) or image checked by its content (inspectAttachmentFile).
 * Needs editor, and no one else editing the document (DOCUMENT_LOCKED); at most MAX_ATTACHMENTS
 * (TOO_MANY_ATTACHMENTS). The file is stored first and removed again if the row cannot be written.
 */
export async function addDocumentAttachment(ctx: ServiceContext, documentId: string, upload: UploadedFile) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  const file = await inspectAttachmentFile(upload);
  const id = newAttachmentId();
  const path = attachmentKey(document.accountId, document.id, id, file.ext);
  await storage().put(path, file.bytes);
  try {
    const row = await db.$transaction(async (tx) => {
      // The document's row is held until the end, so two adds at once cannot both pass the count.
      await tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${document.id} FOR UPDATE`;
      const count = await tx.documentAttachment.count({ where: { accountId: document.accountId, documentId: document.id } });
      if (count >= MAX_ATTACHMENTS)
        throw new AppError(AppErrorCode.TOO_MANY_ATTACHMENTS, {
          message: `A document keeps ${MAX_ATTACHMENTS} attachments at most.`,
          params: { max: MAX_ATTACHMENTS },
        });
      const created = await tx.documentAttachment.create({
        data: {
          id,
          accountId: document.accountId,
          documentId: document.id,
          authorId: ctx.userId,
          variable: null,
          name: file.name,
          mimetype: file.mimetype,
          size: file.bytes.byteLength,
          path,
        },
        select: attachmentSelect,
      });
      await recordAudit(tx, ctx, {
        eventType: "document.attachmentAdded",
        targetType: "document",
        targetId: document.id,
        payload: { attachmentId: id, name: file.name, mimetype: file.mimetype, size: file.bytes.byteLength },
      });
      return created;
    });
    return (await presentAttachments(ctx, [row]))[0];
  } catch (error) {
    await storage().delete(path);
    throw error;
  }
}

/**
 * Removes an annex and its file. A file that fills one of the document's fields stays with it,
 * as the values do (ATTACHMENT_FILLS_FIELD). Needs editor, and no one else editing the document.
 */
export async function deleteDocumentAttachment(ctx: ServiceContext, documentId: string, attachmentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  const attachment = await db.documentAttachment.findFirst({
    where: { id: attachmentId, accountId: document.accountId, documentId: document.id },
  });
  if (!attachment) throw notFound();
  if (attachment.variable) {
    throw new AppError(AppErrorCode.ATTACHMENT_FILLS_FIELD, {
      message: `This file fills the field "${attachment.variable}" of the document and stays with it.`,
      params: { name: attachment.variable },
    });
  }
  await db.$transaction(async (tx) => {
    await tx.documentAttachment.delete({ where: { id: attachment.id } });
    await recordAudit(tx, ctx, {
      eventType: "document.attachmentRemoved",
      targetType: "document",
      targetId: document.id,
      payload: { attachmentId: attachment.id, name: attachment.name },
    });
  });
  await storage().delete(attachment.path);
  return { id: attachment.id };
}
