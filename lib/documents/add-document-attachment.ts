import { db } from "@/lib/db";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inspectAttachmentFile } from "@/lib/files/attachment-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";
import { attachmentKey, newAttachmentId } from "./attachment-keys";
import { attachmentSelect, MAX_ATTACHMENTS, presentAttachments } from "./attachment-view";
import { assertNotLockedByOther } from "./document-lock";

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
      await lockDocumentRow(tx, document.id);
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
