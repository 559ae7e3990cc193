import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "./access";
import { documentInclude } from "./document-include";
import { assertNotLockedByOther } from "./document-lock";

/**
 * Archives a document (spec Document `archived`), or brings it back: an archived document leaves
 * the lists, searches and the home panels, and stays whole (versions, people, links, attachments,
 * its status still kept by the expiry job) for whoever opens it or lists the archive. Needs owner (like
 * deleting, which archiving stands in for), and no one else editing it; audited
 * `document.archived` / `document.restored`. Asking for the state it is in changes nothing.
 */
export async function archiveDocument(ctx: ServiceContext, documentId: string, archived: boolean) {
  const { document } = await requireDocumentRole(ctx, documentId, "owner");
  await assertNotLockedByOther(ctx, document);
  if (document.archived === archived) return db.document.findUniqueOrThrow({ where: { id: document.id }, include: documentInclude });
  return db.$transaction(async (tx) => {
    const updated = await tx.document.update({ where: { id: document.id }, data: { archived }, include: documentInclude });
    await recordAudit(tx, ctx, {
      eventType: archived ? "document.archived" : "document.restored",
      targetType: "document",
      targetId: document.id,
      payload: { name: document.name },
    });
    return updated;
  });
}
