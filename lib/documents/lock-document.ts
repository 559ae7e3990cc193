import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "./access";
import { assertNotLockedByOther, getLockHolder, LOCK_TTL_MS } from "./document-lock";

/**
 * Takes (or renews) the edit lock; DOCUMENT_LOCKED when someone else holds it. Needs editor.
 * Answers like spec DocumentLocked: `{ locked, lockedAt, user }`, the user being the caller.
 */
export async function lockDocument(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const lockedAt = new Date();
  const stale = new Date(lockedAt.getTime() - LOCK_TTL_MS);
  const { count } = await db.document.updateMany({
    where: { id: document.id, OR: [{ lockedById: null }, { lockedById: ctx.userId }, { lockedAt: { lt: stale } }] },
    data: { lockedById: ctx.userId, lockedAt },
  });
  if (count !== 1) await assertNotLockedByOther(ctx, await db.document.findUniqueOrThrow({ where: { id: document.id } }));
  return { locked: true, lockedAt, user: await getLockHolder(ctx, { lockedById: ctx.userId, lockedAt }) };
}
