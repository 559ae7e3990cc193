import type { DocumentStatus, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { canTransition } from "./status";

type Tx = Pick<Prisma.TransactionClient, "document" | "audit">;

/**
 * Why a status changes, written as `reason` in the audit row: a person's own choice, the
 * approval process (toReview, approved, rejected), the signing process (toSign, signing,
 * signed), a signer declining (rejected), or the expiry job (toExpire, expired).
 */
export type StatusChangeCause = "user" | "approval" | "signature" | "decline" | "expiry";

export type StatusChange = ({ documentId: string } | { document: { id: string; status: DocumentStatus } }) & {
  to: DocumentStatus;
  cause: StatusChangeCause;
};

/** The refusal of a move the table (lib/documents/status.ts) does not allow. */
export function invalidTransition(from: DocumentStatus, to: DocumentStatus): AppError {
  return new AppError(AppErrorCode.INVALID_TRANSITION, {
    message: `A document cannot go from "${from}" to "${to}".`,
    params: { from, to },
  });
}

/**
 * The one writer of a document's status (issue 38; the expiry job's batches go through
 * changeDocumentStatuses beside it, with the same table and words). Inside the caller's
 * transaction: checks the move against STATUS_TRANSITIONS (INVALID_TRANSITION otherwise, and
 * nothing is written), writes it conditionally on the status read (CONFLICT if another change
 * came first), stamps cancelledAt when cancelling, and writes one `document.statusUpdated`
 * audit row `{ from, to, reason: cause }`. Asking for the status the document has changes nothing.
 *
 * `document` is the row the caller read (under its lock, where it holds one); with `documentId`
 * it is read here, in the caller's account when the context has one. The caller has already
 * checked access. Status changes publish no live event of their own: the processes behind them
 * (approvals, signatures) publish theirs after the commit, as before.
 *
 * Answers the status it came from and whether anything changed.
 */
export async function changeDocumentStatus(
  tx: Tx,
  ctx: ServiceContext,
  change: StatusChange,
): Promise<{ from: DocumentStatus; to: DocumentStatus; changed: boolean }> {
  const { to, cause } = change;
  const document =
    "document" in change
      ? change.document
      : await tx.document.findFirst({
          where: { id: change.documentId, ...(ctx.accountId ? { accountId: ctx.accountId } : {}) },
          select: { id: true, status: true },
        });
  if (!document) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Document not found." });
  const from = document.status;
  if (from === to) return { from, to, changed: false };
  if (!canTransition(from, to)) throw invalidTransition(from, to);
  // Conditional on the status read, so two concurrent changes cannot both pass the table.
  const { count } = await tx.document.updateMany({
    where: { id: document.id, status: from },
    data: { status: to, ...(to === "cancelled" ? { cancelledAt: new Date() } : {}) },
  });
  if (count !== 1) throw new AppError(AppErrorCode.CONFLICT, { message: "The status changed meanwhile. Reload and try again." });
  await recordAudit(tx, ctx, {
    eventType: "document.statusUpdated",
    targetType: "document",
    targetId: document.id,
    payload: { from, to, reason: cause },
  });
  return { from, to, changed: true };
}
