import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "./access";

/**
 * A document's activity, newest first, taken from the audit trail: what happened, who did it
 * (or through which link or token), and when. Needs reader.
 */
export async function documentActivity(ctx: ServiceContext, documentId: string, take = 50) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.audit.findMany({
    where: {
      accountId: document.accountId,
      OR: [
        { targetType: "document", targetId: document.id },
        { targetType: "documentLink", targetContext: document.id },
      ],
    },
    orderBy: { createdAt: "desc" },
    take: Math.min(Math.max(take, 1), 200),
  });
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is string => !!id))];
  const users = await db.user.findMany({
    where: { id: { in: userIds } },
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  const byId = new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
  return rows.map((r) => ({
    id: r.id,
    eventType: r.eventType,
    createdAt: r.createdAt,
    via: r.via,
    actor: r.userId ? (byId.get(r.userId) ?? null) : null,
    payload: r.payload as Record<string, unknown>,
  }));
}
