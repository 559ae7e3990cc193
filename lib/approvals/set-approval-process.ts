import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { documentApprovals } from "./approval-progress";
import { approvalProcessOf, type ApprovalProcess } from "./schemas";

/**
 * Sets the document's approval process (Document.settings.approvalProcess: sequential, the
 * stored word for ordered, or parallel; editor, as managing reviews). Not while requests are
 * open (CONFLICT): the order would change under the reviewers' feet. The other settings are kept.
 */
export async function setApprovalProcess(ctx: ServiceContext, documentId: string, process: ApprovalProcess) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const settings = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const fresh = await tx.document.findUniqueOrThrow({ where: { id: document.id } });
    const from = approvalProcessOf(fresh.settings);
    if (from === process) return fresh.settings;
    const approvals = await documentApprovals(tx, fresh.accountId, fresh.id);
    if (approvals.some((a) => a.requestedAt && !a.approvedAt && !a.rejectedAt)) {
      throw new AppError(AppErrorCode.CONFLICT, { message: "Requests are open: the process cannot change until they are answered." });
    }
    const next = { ...((fresh.settings as object | null) ?? {}), approvalProcess: process };
    await tx.document.update({ where: { id: fresh.id }, data: { settings: next } });
    await recordAudit(tx, ctx, {
      eventType: "document.approvalProcessUpdated",
      targetType: "document",
      targetId: fresh.id,
      payload: { from, to: process },
    });
    return next;
  });
  publishApprovalEvents(document.accountId, document.id, [{ id: document.id, state: "process" }]);
  return { documentId: document.id, approvalProcess: approvalProcessOf(settings) };
}
