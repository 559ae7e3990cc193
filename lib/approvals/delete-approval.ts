import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { requireMemberApproval } from "./approval-access";
import { sendApprovalRequestEmails } from "./approval-emails";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { settleProcess } from "./approval-progress";
import { approvalStateOf, isFinished } from "./schemas";

/**
 * Removes an approver who has not decided (editor on the document): their link ends with the
 * row. A decision stays as evidence (INVALID_TRANSITION). When the removal completes a round of a
 * process under way, the next one is asked, and when everyone left has approved, the document is
 * approved.
 */
export async function deleteApproval(ctx: ServiceContext, approvalId: string): Promise<{ id: string }> {
  const { approval, document } = await requireMemberApproval(ctx, approvalId, "editor");
  await prepareEmailDelivery();
  const { requested } = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const current = await tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
    if (isFinished(current)) {
      throw new AppError(AppErrorCode.INVALID_TRANSITION, {
        message: "This approver has already decided: the decision stays on record.",
        params: { from: approvalStateOf(current), to: "deleted" },
      });
    }
    await tx.approval.delete({ where: { id: current.id } });
    await recordAudit(tx, ctx, {
      eventType: "approval.deleted",
      targetType: "document",
      targetId: document.id,
      payload: { approvalId: current.id, email: current.email, wasRequested: Boolean(current.requestedAt) },
    });
    const fresh = await tx.document.findUniqueOrThrow({ where: { id: document.id } });
    const settled = await settleProcess(tx, ctx, fresh);
    await sendApprovalRequestEmails(tx, ctx, fresh, settled.requested);
    return settled;
  }, WITH_FOLLOW_UPS);
  publishApprovalEvents(document.accountId, document.id, [
    { id: approval.id, state: "deleted" },
    ...requested.map((a) => ({ id: a.id, state: "requested" })),
  ]);
  return { id: approval.id };
}
