import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";
import { attachmentNotFound } from "./attachment-view";

/** One attachment's file as a stream, audited as a download. Needs reader; NOT_FOUND for another document's. */
export async function getDocumentAttachmentFile(ctx: ServiceContext, documentId: string, attachmentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const attachment = await db.documentAttachment.findFirst({
    where: { id: attachmentId, accountId: document.accountId, documentId: document.id },
  });
  const stored = attachment ? await storage().get(attachment.path) : null;
  if (!attachment || !stored) throw attachmentNotFound();
  await recordAudit(db, ctx, {
    eventType: "document.attachmentDownloaded",
    targetType: "document",
    targetId: document.id,
    payload: { attachmentId: attachment.id, name: attachment.name },
  });
  return { ...stored, mimetype: attachment.mimetype, fileName: attachment.name };
}
