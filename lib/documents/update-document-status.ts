import { db } from "@/lib/db";
import type { DocumentStatus } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { requireDocumentRole } from "./access";
import { documentInclude } from "./document-include";
import { assertNotLockedByOther } from "./document-lock";
import { canTransition, DOCUMENT_STATUSES } from "./status";

/**
 * Changes a document's status along the transition table (lib/documents/status.ts);
 * INVALID_TRANSITION otherwise. Cancelling stamps cancelledAt. Needs editor, and no one else
 * holding the edit lock (DOCUMENT_LOCKED naming them).
 */
export async function updateDocumentStatus(ctx: ServiceContext, documentId: string, newStatus: DocumentStatus) {
  if (!(DOCUMENT_STATUSES as readonly string[]).includes(newStatus)) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Unknown status.", params: { fields: "newStatus" } });
  }
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  if (document.status === newStatus) return db.document.findUniqueOrThrow({ where: { id: document.id }, include: documentInclude });
  if (!canTransition(document.status, newStatus)) {
    throw new AppError(AppErrorCode.INVALID_TRANSITION, {
      message: `A document cannot go from "${document.status}" to "${newStatus}".`,
      params: { from: document.status, to: newStatus },
    });
  }
  return db.$transaction(async (tx) => {
    // Conditional on the status read, so two concurrent changes cannot both pass the table.
    const { count } = await tx.document.updateMany({
      where: { id: document.id, status: document.status },
      data: { status: newStatus, ...(newStatus === "cancelled" ? { cancelledAt: new Date() } : {}) },
    });
    if (count !== 1) throw new AppError(AppErrorCode.CONFLICT, { message: "The status changed meanwhile. Reload and try again." });
    await recordAudit(tx, ctx, {
      eventType: "document.statusUpdated",
      targetType: "document",
      targetId: document.id,
      payload: { from: document.status, to: newStatus },
    });
    return tx.document.findUniqueOrThrow({ where: { id: document.id }, include: documentInclude });
  });
}
