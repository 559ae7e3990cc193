/**
 * The rules of an approval process (docs/approvals-and-signatures.md, "Approvals"), applied
 * inside the caller's transaction with the document's row locked, so that two decisions at the
 * same instant see each other: who is due a request now, the document's status that follows,
 * and the reader policy an internal approver gets with the workspace setting autoApproveDocPolicy.
 */
import type { Approval, DocumentStatus, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";
import { auditPolicy } from "@/lib/documents/policy-rules";
import { turnsOf } from "@/lib/process/turns";
import { approvalMetadataOf, approvalTurnOrder } from "./schemas";

type Tx = Prisma.TransactionClient;

export function documentApprovals(tx: Tx, accountId: string, documentId: string) {
  return tx.approval.findMany({ where: { accountId, documentId }, orderBy: [{ order: "asc" }, { createdAt: "asc" }, { id: "asc" }] });
}

/**
 * Approvers in the one turn rule (lib/process/turns.ts): an approval is done; a rejection stops
 * the process (nobody's turn until it is sent again, which clears the decisions); everyone
 * approved ends it. Ordered: the lowest order not yet approved, equal orders together.
 */
export const approvalTurns = turnsOf<Approval>({
  participant: (a) => ({
    id: a.id,
    position: a.order,
    state: a.approvedAt ? "done" : a.rejectedAt ? "declined" : a.requestedAt ? "requested" : "waiting",
  }),
  onDecline: "stops",
});

/**
 * Requests `approvals` at `now` (a new instant ends their older links), each audited
 * approval.requested; answers the updated rows, whose emails go out after the commit.
 */
export async function markRequested(
  tx: Tx,
  ctx: ServiceContext,
  approvals: Approval[],
  now = new Date(),
  /** Who asked, when the caller is not a member (the next round asked after a reviewer's decision). */
  requestedBy: string | null = null,
): Promise<Approval[]> {
  const updated: Approval[] = [];
  for (const approval of approvals) {
    const previous = approvalMetadataOf(approval.metadata);
    const metadata = { ...previous, requestedById: ctx.userId ?? requestedBy ?? previous.requestedById ?? null, cancelledAt: null };
    const row = await tx.approval.update({ where: { id: approval.id }, data: { requestedAt: now, metadata } });
    await recordAudit(tx, ctx, {
      eventType: "approval.requested",
      targetType: "document",
      targetId: approval.documentId,
      payload: { approvalId: approval.id, email: approval.email, order: approval.order, resent: Boolean(approval.requestedAt) },
    });
    updated.push(row);
  }
  return updated;
}

/** Ends the open requests of a stopped process: their links answer "cancelled". */
export async function cancelOpenRequests(tx: Tx, approvals: Approval[], now = new Date()): Promise<Approval[]> {
  const open = approvals.filter((a) => a.requestedAt && !a.approvedAt && !a.rejectedAt);
  for (const approval of open) {
    await tx.approval.update({
      where: { id: approval.id },
      data: { requestedAt: null, metadata: { ...approvalMetadataOf(approval.metadata), cancelledAt: now.toISOString() } },
    });
  }
  return open;
}

/**
 * autoApproveDocPolicy: an internal approver (a member of the workspace) asked to approve gets a
 * reader policy on the document when they hold none, so the document shows in their app; without
 * the setting they act through their link only. An existing policy (any role, any state) is left alone.
 */
export async function grantApproverAccess(tx: Tx, ctx: ServiceContext, accountId: string, documentId: string, approvals: Approval[]) {
  const internal = approvals.filter((a) => a.userId);
  if (!internal.length) return;
  const account = await tx.account.findUnique({ where: { id: accountId }, select: { settings: true } });
  if ((account?.settings as { autoApproveDocPolicy?: boolean } | null)?.autoApproveDocPolicy !== true) return;
  for (const approval of internal) {
    const member = await tx.accountPolicy.findFirst({
      where: { accountId, userId: approval.userId!, status: "active" },
      select: { id: true },
    });
    if (!member) continue;
    const existing = await tx.documentPolicy.findUnique({ where: { documentId_userId: { documentId, userId: approval.userId! } } });
    if (existing) continue;
    const policy = await tx.documentPolicy.create({ data: { accountId, documentId, userId: approval.userId!, role: "reader" } });
    await auditPolicy(ctx, tx, "document.policyGranted", policy, { role: "reader", by: "approvals", approvalId: approval.id });
  }
}

/**
 * After a decision or a removal: every approved → the document is approved; a process under way
 * (someone was asked) → whoever is now due is requested (the next order when ordered). Answers
 * the requests made (emailed in the same transaction) and whether the approvals are complete.
 */
export async function settleProcess(
  tx: Tx,
  ctx: ServiceContext,
  document: { id: string; accountId: string; status: DocumentStatus; settings: unknown },
): Promise<{ requested: Approval[]; complete: boolean }> {
  const approvals = await documentApprovals(tx, document.accountId, document.id);
  if (!approvals.length || approvalTurns.stopped(approvals)) return { requested: [], complete: false };
  if (approvalTurns.complete(approvals)) {
    await changeDocumentStatus(tx, ctx, { document, to: "approved", cause: "approval" });
    return { requested: [], complete: true };
  }
  const underWay = approvals.some((a) => a.requestedAt || a.approvedAt);
  if (!underWay) return { requested: [], complete: false };
  const due = approvalTurns.due(approvals, approvalTurnOrder(document.settings));
  await grantApproverAccess(tx, ctx, document.accountId, document.id, due);
  // The next round is asked on behalf of whoever asked the last one.
  const requestedBy = approvals.map((a) => approvalMetadataOf(a.metadata).requestedById).find(Boolean) ?? null;
  return { requested: await markRequested(tx, ctx, due, new Date(), requestedBy), complete: false };
}
