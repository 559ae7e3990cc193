import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { requireDocumentRole, visibleDocumentsWhere } from "./access";
import { findUserSummaries } from "./find-user-summaries";

/** Targets whose audit rows name their document in targetContext and belong to its activity. */
export const DOCUMENT_CONTEXT_TARGETS = ["documentLink", "approval", "approvalMessage", "signature", "reminder", "seal"];

/** The audit rows of a document's activity: its own events, its share links', approvals', signatures' and reminders'. */
export const documentActivityWhere = (accountId: string, documentId: string) => ({
  accountId,
  OR: [
    { targetType: "document", targetId: documentId },
    { targetType: { in: DOCUMENT_CONTEXT_TARGETS }, targetContext: documentId },
  ],
});

/** How many events the activity lists (50 unless asked, at most 200). */
export const activityTake = (take = 50) => Math.min(Math.max(take, 1), 200);

type AuditRow = { id: string; eventType: string; createdAt: Date; via: string; userId: string | null; payload: unknown };

/** Activity rows as screens show them, each with its actor's display name (one lookup per request: findUserSummaries). */
export async function presentActivity(ctx: ServiceContext, rows: AuditRow[]) {
  const actors = await findUserSummaries(
    ctx,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    eventType: r.eventType,
    createdAt: r.createdAt,
    via: r.via,
    actor: r.userId ? (actors.get(r.userId)?.name ?? null) : null,
    payload: r.payload as Record<string, unknown>,
  }));
}

/**
 * A document's activity, newest first, taken from the audit trail: what happened, who did it
 * (or through which link or token), and when. Needs reader.
 */
export async function documentActivity(ctx: ServiceContext, documentId: string, take = 50) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.audit.findMany({
    where: documentActivityWhere(document.accountId, document.id),
    orderBy: { createdAt: "desc" },
    take: activityTake(take),
  });
  return presentActivity(ctx, rows);
}

/** How many approvals and signatures of one address the email activity follows (the most recent). */
const RECIPIENT_RECORDS_MAX = 500;

export type ActivityQuery = { documentId?: string; email?: string; cursor?: string; take?: number };

/**
 * The activity of a document (reader), or of an address (spec: "activity by document or
 * email"): the events of the approvals and signatures asked of that address in this workspace,
 * on the documents the caller sees. Newest first, `take` at a time (25 unless asked), paged by
 * the last event's id.
 */
export async function activityPage(ctx: ServiceContext, query: ActivityQuery) {
  const { accountId } = accountScope(ctx);
  const take = Math.min(Math.max(query.take ?? 25, 1), 100);
  let where;
  if (query.documentId) {
    const { document } = await requireDocumentRole(ctx, query.documentId, "reader");
    where = documentActivityWhere(document.accountId, document.id);
  } else if (query.email) {
    const email = query.email.toLowerCase();
    const visible = await visibleDocumentsWhere(ctx);
    const recipient = { accountId, email, document: visible };
    const recent = { select: { id: true }, orderBy: { createdAt: "desc" as const }, take: RECIPIENT_RECORDS_MAX };
    const [approvals, signatures] = await Promise.all([
      db.approval.findMany({ where: recipient, ...recent }),
      db.signature.findMany({ where: recipient, ...recent }),
    ]);
    where = {
      accountId,
      OR: [
        { targetType: "approval", targetId: { in: approvals.map((a) => a.id) } },
        { targetType: "signature", targetId: { in: signatures.map((s) => s.id) } },
      ],
    };
  } else {
    throw new AppError(AppErrorCode.MISSING_PARAMETER, { message: "Give a documentId or an email.", details: { parameter: "documentId" } });
  }
  const rows = await db.audit.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
  });
  const shown = rows.slice(0, take);
  const presented = await presentActivity(ctx, shown);
  return {
    items: presented.map((item, i) => {
      const row = shown[i]!;
      return { ...item, targetType: row.targetType, documentId: row.targetType === "document" ? row.targetId : row.targetContext };
    }),
    nextCursor: rows.length > take ? shown.at(-1)!.id : null,
  };
}
