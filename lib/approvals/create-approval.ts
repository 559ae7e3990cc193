import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { z } from "zod";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import {
  APPROVERS_PER_DOCUMENT_MAX,
  createApprovalSchema,
  DEFAULT_APPROVAL_SETTINGS,
  presentApproval,
  type ApprovalOutput,
} from "./schemas";

const fieldProblem = (path: string, code: string, message: string) =>
  new AppError(AppErrorCode.VALIDATION_FAILED, { message, params: { fields: path }, details: { fields: [{ path, code, message }] } });

/**
 * Adds an approver to a document (editor): a member of the workspace by `userId` (name and address
 * taken from their user), or a person by `email` and name — an address that belongs to an active
 * member makes them an internal approver too. `order` places them in an ordered process (default:
 * after the last). Nobody is asked yet: requestApprovals or requestApproval send the emails.
 * VALIDATION_FAILED for a userId that is not an active member or an address already approving.
 */
export async function createApproval(ctx: ServiceContext, input: z.infer<typeof createApprovalSchema>): Promise<ApprovalOutput> {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, input.documentId, "editor");
  const member = input.userId
    ? await db.accountPolicy.findFirst({
        where: { accountId, userId: input.userId, status: "active", user: { deleted: false } },
        select: { user: { select: { id: true, firstName: true, lastName: true, email: true } } },
      })
    : await db.accountPolicy.findFirst({
        where: { accountId, status: "active", user: { email: input.email!, deleted: false } },
        select: { user: { select: { id: true, firstName: true, lastName: true, email: true } } },
      });
  if (input.userId && !member) throw fieldProblem("userId", "not_member", "This person is not a member of the workspace.");
  const person = member?.user;
  const email = (person?.email ?? input.email!).toLowerCase();
  const created = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const existing = await tx.approval.findMany({ where: { accountId, documentId: document.id }, select: { email: true, order: true } });
    if (existing.length >= APPROVERS_PER_DOCUMENT_MAX) {
      throw new AppError(AppErrorCode.LIMIT_EXCEEDED, {
        message: `A document may have at most ${APPROVERS_PER_DOCUMENT_MAX} approvers.`,
        params: { max: APPROVERS_PER_DOCUMENT_MAX },
      });
    }
    if (existing.some((a) => a.email === email))
      throw fieldProblem("email", "duplicate", "This person is already an approver of the document.");
    const order = input.order ?? Math.max(0, ...existing.map((a) => a.order)) + 1;
    const approval = await tx.approval.create({
      data: {
        accountId,
        documentId: document.id,
        userId: person?.id ?? null,
        firstName: input.firstName || person?.firstName || "",
        lastName: input.lastName || person?.lastName || "",
        email,
        message: input.message || null,
        order,
        settings: { ...DEFAULT_APPROVAL_SETTINGS, ...input.settings },
        createdById: ctx.userId,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "approval.created",
      targetType: "document",
      targetId: document.id,
      payload: { approvalId: approval.id, email, order, internal: Boolean(person) },
    });
    return approval;
  });
  publishApprovalEvents(accountId, document.id, [{ id: created.id, state: "created" }]);
  return presentApproval(created);
}
