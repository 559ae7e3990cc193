import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { displayName } from "@/lib/users/person";
import { requireMemberApproval, requireReviewerApproval } from "./approval-access";
import { publishApprovalEvents } from "./approval-events";
import { approvalSettingsOf, presentApprovalMessage, type ApprovalMessageOutput } from "./schemas";

/**
 * Adds a message to an approval's thread (spec sendApprovalMessage: data, approvalId): a member
 * with at least the commenter role on the document, or the reviewer by their token while their
 * request is open and the approval allows comments (FORBIDDEN otherwise). Audited approval.message.
 */
export async function sendApprovalMessage(
  ctx: ServiceContext,
  input: { approvalId: string; data: string },
): Promise<ApprovalMessageOutput> {
  let author: { id: string | null; name: string; email: string };
  let approval;
  if (ctx.via === "signed") {
    approval = (await requireReviewerApproval(ctx, { approvalId: input.approvalId })).approval;
    if (!approvalSettingsOf(approval.settings).allowComment) {
      throw new AppError(AppErrorCode.FORBIDDEN, { message: "This approval does not allow messages." });
    }
    author = { id: null, name: `${approval.firstName} ${approval.lastName}`.trim(), email: approval.email };
  } else {
    approval = (await requireMemberApproval(ctx, input.approvalId, "commenter")).approval;
    const user = await db.user.findUniqueOrThrow({
      where: { id: ctx.userId! },
      select: { id: true, firstName: true, lastName: true, email: true },
    });
    author = { id: user.id, name: displayName(user), email: user.email };
  }
  const row = await db.$transaction(async (tx) => {
    const created = await tx.approvalMessage.create({
      data: {
        accountId: approval.accountId,
        approvalId: approval.id,
        documentId: approval.documentId,
        message: input.data,
        type: "message",
        authorId: author.id,
        authorName: author.name,
        authorEmail: author.email,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "approval.message",
      targetType: "document",
      targetId: approval.documentId,
      payload: { approvalId: approval.id, messageId: created.id, byReviewer: author.id === null },
    });
    return created;
  });
  publishApprovalEvents(approval.accountId, approval.documentId, [{ id: approval.id, state: "message" }]);
  return presentApprovalMessage(row);
}
