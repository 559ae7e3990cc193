import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { z } from "zod";
import { requireMemberApproval } from "./approval-access";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { approvalSettingsOf, approvalStateOf, isFinished, presentApproval, updateApprovalSchema, type ApprovalOutput } from "./schemas";

/**
 * Edits an approver (editor on the document): name, message, order, settings; the address only
 * while no request is open (a new address needs a new link). A decided approval is no longer
 * edited (INVALID_TRANSITION).
 */
export async function updateApproval(ctx: ServiceContext, input: z.infer<typeof updateApprovalSchema>): Promise<ApprovalOutput> {
  const { approval } = await requireMemberApproval(ctx, input.id, "editor");
  const updated = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, approval.documentId);
    const current = await tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
    if (isFinished(current)) {
      throw new AppError(AppErrorCode.INVALID_TRANSITION, {
        message: "This approver has already decided.",
        params: { from: approvalStateOf(current), to: "updated" },
      });
    }
    if (input.email && input.email !== current.email) {
      if (current.requestedAt) {
        throw new AppError(AppErrorCode.CONFLICT, {
          message: "The request was already sent to this address. Remove the approver and add the new address.",
        });
      }
      const taken = await tx.approval.count({
        where: { accountId: current.accountId, documentId: current.documentId, email: input.email, id: { not: current.id } },
      });
      if (taken)
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: "This person is already an approver of the document.",
          params: { fields: "email" },
        });
    }
    const row = await tx.approval.update({
      where: { id: current.id },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        message: input.message,
        order: input.order,
        settings: input.settings ? { ...approvalSettingsOf(current.settings), ...input.settings } : undefined,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "approval.updated",
      targetType: "document",
      targetId: current.documentId,
      payload: { approvalId: current.id, fields: Object.keys(input).filter((key) => key !== "id") },
    });
    return row;
  });
  publishApprovalEvents(updated.accountId, updated.documentId, [{ id: updated.id, state: "updated" }]);
  return presentApproval(updated);
}
