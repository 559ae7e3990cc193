/**
 * SECURITY-CRITICAL. The reviewer's decision (spec reviewDocument, `signed` header): one outcome
 * per request, whatever arrives at the same instant.
 */
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { signedRecordFailure, signingLinkError } from "@/lib/signing/signed-caller";
import { z } from "zod";
import { requireReviewerApproval } from "./approval-access";
import { sendApprovalDecidedEmails, sendApprovalRequestEmails } from "./approval-emails";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { cancelOpenRequests, documentApprovals, settleProcess } from "./approval-progress";
import { APPROVAL_MESSAGE_MAX, isFinished, presentApproval, type ApprovalOutput } from "./schemas";
import { idString } from "@/lib/validation/ids";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";

export const reviewDocumentSchema = z
  .object({ id: idString(), isApproved: z.boolean(), comment: z.string().trim().max(APPROVAL_MESSAGE_MAX).optional() })
  .strict();
export type ReviewDocumentInput = z.infer<typeof reviewDocumentSchema>;

/**
 * Approves or rejects the document as the reviewer of the token. The decision is written only
 * where the approval is still undecided and requested at the token's instant (a conditional
 * update, with the document's row locked): a replay, or the loser of two concurrent decisions,
 * gets SIGNING_LINK_INVALID with reason `completed`. The comment joins the thread with the
 * decision. Then: a rejection stops the process (the document is rejected and the other open
 * links end, "cancelled"); an approval asks the next round of an ordered process, or approves
 * the document when everyone has. Audited approval.approved / approval.rejected; the requester and
 * the owners are emailed, in the same transaction.
 */
export async function reviewDocument(ctx: ServiceContext, input: ReviewDocumentInput): Promise<ApprovalOutput> {
  const { approval, claims } = await requireReviewerApproval(ctx, { approvalId: input.id });
  const now = new Date();
  await prepareEmailDelivery();
  const outcome = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, approval.documentId);
    const { count } = await tx.approval.updateMany({
      where: { id: approval.id, accountId: claims.aid, approvedAt: null, rejectedAt: null, requestedAt: approval.requestedAt },
      data: input.isApproved ? { approvedAt: now, comment: input.comment || null } : { rejectedAt: now, comment: input.comment || null },
    });
    if (count !== 1) {
      const current = await tx.approval.findUnique({ where: { id: approval.id } });
      throw signingLinkError(signedRecordFailure(current && { ...current, finished: isFinished(current) }, claims) ?? "completed");
    }
    const decided = await tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
    await tx.approvalMessage.create({
      data: {
        accountId: decided.accountId,
        approvalId: decided.id,
        documentId: decided.documentId,
        message: input.comment ?? "",
        type: input.isApproved ? "approved" : "rejected",
        authorName: `${decided.firstName} ${decided.lastName}`.trim(),
        authorEmail: decided.email,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: input.isApproved ? "approval.approved" : "approval.rejected",
      targetType: "document",
      targetId: decided.documentId,
      payload: { approvalId: decided.id, email: decided.email, comment: input.comment ?? null },
    });
    const document = await tx.document.findUniqueOrThrow({ where: { id: decided.documentId } });
    if (!input.isApproved) {
      const cancelled = await cancelOpenRequests(tx, await documentApprovals(tx, document.accountId, document.id), now);
      await changeDocumentStatus(tx, ctx, { document, to: "rejected", cause: "approval" });
      await sendApprovalDecidedEmails(tx, ctx, document, decided);
      return { decided, document, requested: [], cancelled };
    }
    const { requested } = await settleProcess(tx, ctx, document);
    // The next round's requests and the news of the decision commit with it (issue 37).
    await sendApprovalRequestEmails(tx, ctx, document, requested);
    await sendApprovalDecidedEmails(tx, ctx, document, decided);
    return { decided, document, requested, cancelled: [] };
  }, WITH_FOLLOW_UPS);
  const { decided, document, requested, cancelled } = outcome;
  publishApprovalEvents(document.accountId, document.id, [
    { id: decided.id, state: input.isApproved ? "approved" : "rejected" },
    ...cancelled.map((a) => ({ id: a.id, state: "cancelled" })),
    ...requested.map((a) => ({ id: a.id, state: "requested" })),
  ]);
  return presentApproval(decided);
}
