import { Prisma } from "@/lib/generated/prisma/client";
import type { DocumentStatus } from "@/lib/generated/prisma/enums";
import type { ServiceContext } from "@/lib/auth/context";
import { invalidTransition, type StatusChangeCause } from "./change-document-status";
import { canTransition } from "./status";

type Tx = Pick<Prisma.TransactionClient, "$queryRaw" | "audit">;

export type MovedDocument = { id: string; accountId: string; from: DocumentStatus };

/**
 * The batch variant of changeDocumentStatus, for a job that moves many documents at once (the
 * expiry job): the same table, the same audit words, set-based. Every status in `from` must be
 * allowed to go to `to` by STATUS_TRANSITIONS (INVALID_TRANSITION otherwise, before anything is
 * read). In the caller's transaction, one UPDATE … RETURNING picks up to `limit` documents in
 * `from` matching `where` (in `orderBy` order), locks them (skipping rows another transaction
 * holds), moves them to `to` (stamping cancelledAt when cancelling) and bumps updatedAt; one
 * INSERT writes one `document.statusUpdated` audit row each, `{ from, to, reason: cause }`, in
 * each document's own account. Answers the documents moved.
 */
export async function changeDocumentStatuses(
  tx: Tx,
  ctx: ServiceContext,
  change: {
    from: readonly DocumentStatus[];
    to: DocumentStatus;
    cause: StatusChangeCause;
    where: Prisma.Sql;
    orderBy: Prisma.Sql;
    limit: number;
    now?: Date;
  },
): Promise<MovedDocument[]> {
  const { from, to, cause, where, orderBy, limit, now = new Date() } = change;
  const refused = from.find((status) => !canTransition(status, to));
  if (refused) throw invalidTransition(refused, to);
  const statuses = from.filter((status) => status !== to);
  if (!statuses.length) return [];
  const cancelled = to === "cancelled" ? Prisma.sql`, "cancelledAt" = ${now}` : Prisma.empty;
  const moved = await tx.$queryRaw<MovedDocument[]>`
    WITH picked AS (
      SELECT id, status FROM "Document"
      WHERE status = ANY(CAST(CAST(${statuses} AS text[]) AS "DocumentStatus"[])) AND ${where}
      ORDER BY ${orderBy}
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Document" d SET status = CAST(${to} AS "DocumentStatus"), "updatedAt" = ${now}${cancelled}
    FROM picked WHERE d.id = picked.id
    RETURNING d.id, d."accountId", picked.status::text AS "from"`;
  if (moved.length) {
    await tx.audit.createMany({
      data: moved.map((doc) => ({
        accountId: doc.accountId,
        userId: ctx.userId,
        eventType: "document.statusUpdated",
        targetType: "document",
        targetId: doc.id,
        payload: { from: doc.from, to, reason: cause },
        via: ctx.via,
        viaId: ctx.viaId,
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      })),
    });
  }
  return moved;
}
