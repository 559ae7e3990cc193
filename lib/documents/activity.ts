import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "./access";
import { findUserSummaries } from "./find-user-summaries";

/** The audit rows of a document's activity: its own events and its share links'. */
export const documentActivityWhere = (accountId: string, documentId: string) => ({
  accountId,
  OR: [
    { targetType: "document", targetId: documentId },
    { targetType: "documentLink", targetContext: documentId },
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
