import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { requireMemberApproval } from "./approval-access";
import { sendApprovalRequestEmails } from "./approval-emails";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { approvalTurns, documentApprovals, grantApproverAccess, markRequested } from "./approval-progress";
import { approvalStateOf, approvalTurnOrder, presentApproval, type ApprovalOutput } from "./schemas";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";

/**
 * Asks one approver (spec requestApproval; editor): the first request, or a re-send with a new
 * link (the older one answers "replaced"). Only someone whose turn it is: in an ordered process
 * the current round; never after a decision or once the process was rejected (INVALID_TRANSITION,
 * details.reason notYourTurn or finished).
 */
export async function requestApproval(ctx: ServiceContext, approvalId: string): Promise<ApprovalOutput> {
  const { approval, document } = await requireMemberApproval(ctx, approvalId, "editor");
  await prepareEmailDelivery();
  const requested = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const fresh = await tx.document.findUniqueOrThrow({ where: { id: document.id } });
    const approvals = await documentApprovals(tx, fresh.accountId, fresh.id);
    const current = approvals.find((a) => a.id === approval.id)!;
    if (!approvalTurns.mayAct(approvals, current.id, approvalTurnOrder(fresh.settings))) {
      const finished = current.approvedAt || current.rejectedAt || approvalTurns.stopped(approvals);
      throw new AppError(AppErrorCode.INVALID_TRANSITION, {
        message: finished ? "This approval process has ended for this approver." : "It is not this approver's turn yet.",
        params: { from: approvalStateOf(current), to: "requested" },
        details: { reason: finished ? "finished" : "notYourTurn" },
      });
    }
    await grantApproverAccess(tx, ctx, fresh.accountId, fresh.id, [current]);
    const [marked] = await markRequested(tx, ctx, [current]);
    await changeDocumentStatus(tx, ctx, { document: fresh, to: "toReview", cause: "approval" });
    await sendApprovalRequestEmails(tx, ctx, fresh, [marked!]);
    return marked!;
  }, WITH_FOLLOW_UPS);
  publishApprovalEvents(document.accountId, document.id, [{ id: requested.id, state: "requested" }]);
  return presentApproval(await db.approval.findUniqueOrThrow({ where: { id: requested.id } }));
}
