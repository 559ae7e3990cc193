import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { findUserSummaries, type UserSummary } from "./find-user-summaries";

/** How long an edit lock holds without being renewed. */
export const LOCK_TTL_MS = 15 * 60 * 1000;

type LockFields = { lockedById: string | null; lockedAt: Date | null };

/** The id of whoever holds a live edit lock on the document (the caller included), else null. */
export const liveLockHolderId = (doc: LockFields, now = Date.now()): string | null =>
  doc.lockedById && doc.lockedAt && doc.lockedAt.getTime() > now - LOCK_TTL_MS ? doc.lockedById : null;

/**
 * Who holds a live edit lock (spec DocumentLocked `user`): id and display name, the caller
 * included; null when nobody does or the holder's user is gone. Callers have already checked
 * that the caller sees the document, so the name never reaches anyone else.
 */
export async function getLockHolder(ctx: ServiceContext, doc: LockFields): Promise<UserSummary | null> {
  const holderId = liveLockHolderId(doc);
  if (!holderId) return null;
  return (await findUserSummaries(ctx, [holderId])).get(holderId) ?? null;
}

/**
 * Throws DOCUMENT_LOCKED (409, the holder's name in `params.name`) when someone other than the
 * caller holds a live edit lock. Every change to a document's details, status or versions
 * calls it after its role check.
 */
export async function assertNotLockedByOther(ctx: ServiceContext, doc: LockFields) {
  const holderId = liveLockHolderId(doc);
  if (!holderId || holderId === ctx.userId) return;
  const name = (await getLockHolder(ctx, doc))?.name ?? "Someone";
  throw new AppError(AppErrorCode.DOCUMENT_LOCKED, { message: `${name} is editing this document.`, params: { name } });
}
