import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { sendApprovalRequestEmails } from "./approval-emails";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { approvalTurns, documentApprovals, grantApproverAccess, markRequested } from "./approval-progress";
import { approvalMetadataOf, approvalTurnOrder, presentApproval, type ApprovalOutput } from "./schemas";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";

/**
 * Sends a document for approval (spec requestApprovals; editor): ordered, the lowest order not
 * yet approved is asked (the next order follows automatically when that round has approved);
 * parallel, everyone at once. Someone already asked is not asked again (requestApproval re-sends).
 * A finished process (rejected, or approved by all) starts over: every decision is cleared and the
 * first round asked anew. The document goes to toReview. VALIDATION_FAILED without approvers.
 * The reviewers' emails are written in the same transaction as their request.
 */
export async function requestApprovals(ctx: ServiceContext, documentId: string): Promise<ApprovalOutput[]> {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await prepareEmailDelivery();
  const { requested, all } = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const fresh = await tx.document.findUniqueOrThrow({ where: { id: document.id } });
    let approvals = await documentApprovals(tx, accountId, document.id);
    if (!approvals.length) {
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: "Add at least one approver first.",
        params: { fields: "approvals" },
        details: { fields: [{ path: "approvals", code: "empty", message: "Add at least one approver first." }] },
      });
    }
    if (approvalTurns.stopped(approvals) || approvalTurns.complete(approvals)) {
      await tx.approval.updateMany({
        where: { accountId, documentId: document.id },
        data: { requestedAt: null, approvedAt: null, rejectedAt: null, comment: null },
      });
      for (const approval of approvals) {
        await tx.approval.update({
          where: { id: approval.id },
          data: { metadata: { ...approvalMetadataOf(approval.metadata), cancelledAt: null, viewedAt: null } },
        });
      }
      approvals = await documentApprovals(tx, accountId, document.id);
    }
    const due = approvalTurns.due(approvals, approvalTurnOrder(fresh.settings));
    await grantApproverAccess(tx, ctx, accountId, document.id, due);
    const marked = await markRequested(tx, ctx, due);
    await changeDocumentStatus(tx, ctx, { document: fresh, to: "toReview", cause: "approval" });
    await sendApprovalRequestEmails(tx, ctx, document, marked);
    return { requested: marked, all: await documentApprovals(tx, accountId, document.id) };
  }, WITH_FOLLOW_UPS);
  publishApprovalEvents(
    accountId,
    document.id,
    requested.map((a) => ({ id: a.id, state: "requested" })),
  );
  return all.map(presentApproval);
}
