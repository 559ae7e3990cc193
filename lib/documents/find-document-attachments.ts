import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "./access";
import { attachmentSelect, MAX_ATTACHMENTS, presentAttachments } from "./attachment-view";

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
