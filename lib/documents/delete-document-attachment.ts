import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";
import { attachmentNotFound } from "./attachment-view";
import { assertNotLockedByOther } from "./document-lock";

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
  if (!attachment) throw attachmentNotFound();
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
