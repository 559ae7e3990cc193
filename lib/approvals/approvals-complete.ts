import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * THE hook for the signature side (signAfterApproval, docs/approvals-and-signatures.md): whether a
 * document's approvals let signing go ahead. True when the document has no approver, or every
 * approver has approved; false while any is open or after a rejection. Pass the transaction when
 * asking inside one. When the last approval lands, reviewDocument publishes "document:signing"
 * { kind: "approval", state: "approved" } and the document's status becomes "approved": a
 * signature request waiting on approvals can be sent then.
 */
export async function approvalsComplete(documentId: string, tx: Pick<Prisma.TransactionClient, "approval"> = db): Promise<boolean> {
  const open = await tx.approval.count({ where: { documentId, approvedAt: null } });
  return open === 0;
}
