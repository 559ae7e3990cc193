import { db, queryPrepared } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
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
 * The newest `take` audit rows of a document's activity (documentActivityWhere; of one instant,
 * the greatest id first), in one prepared statement through the driver (lib/db.ts
 * queryPrepared): the document screen reads them on every load, and Prisma's request pipeline
 * cost more CPU than the statement. The caller has checked that the document is in `accountId`
 * and may be seen.
 */
export const documentActivityRows = (accountId: string, documentId: string, take?: number) =>
  queryPrepared<AuditRow>(Prisma.sql`
    SELECT a.id, a."eventType", a."createdAt", a.via, a."userId", a.payload FROM "Audit" a
    WHERE a."accountId" = ${accountId}
      AND ((a."targetType" = 'document' AND a."targetId" = ${documentId})
        OR (a."targetType" = ANY(CAST(${DOCUMENT_CONTEXT_TARGETS} AS text[])) AND a."targetContext" = ${documentId}))
    ORDER BY a."createdAt" DESC, a.id DESC LIMIT ${activityTake(take)}`);

/**
 * A document's activity, newest first, taken from the audit trail: what happened, who did it
 * (or through which link or token), and when. Needs reader.
 */
export async function documentActivity(ctx: ServiceContext, documentId: string, take = 50) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  return presentActivity(ctx, await documentActivityRows(document.accountId, document.id, take));
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
