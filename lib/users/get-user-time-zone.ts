import { db } from "@/lib/db";

export const DEFAULT_TIME_ZONE = "UTC";

/**
 * How long a user's saved timezone is reused before it is read again, when the context does not
 * carry the user's row (a page's does: it was read with the session); a change in the profile
 * shows within this delay on other server processes, and at once here.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;
const cached = new Map<string, { timeZone: string; expires: number }>();

/** Whether Intl knows the zone (a stored value from an older runtime could be unknown). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A saved timezone as pages use it: UTC when none is saved or Intl does not know it. */
export const timeZoneOrDefault = (timeZone: string | null | undefined): string =>
  timeZone && isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;

/**
 * The user's saved timezone, else UTC. A session's context carries the user's row (read with the
 * session, fresh on every request); without one, it is cached briefly per process (see TTL_MS).
 */
export async function getUserTimeZone(userId: string | null, sessionUser?: () => { id: string; timezone: string | null }): Promise<string> {
  if (!userId) return DEFAULT_TIME_ZONE;
  const known = sessionUser?.();
  if (known && known.id === userId) return timeZoneOrDefault(known.timezone);
  const hit = cached.get(userId);
  if (hit && hit.expires > Date.now()) return hit.timeZone;
  const user = await db.user.findUnique({ where: { id: userId }, select: { timezone: true } });
  const timeZone = timeZoneOrDefault(user?.timezone);
  if (cached.size >= MAX_ENTRIES) cached.clear();
  cached.set(userId, { timeZone, expires: Date.now() + TTL_MS });
  return timeZone;
}

/** Drops the cached value, for the process that just saved a new timezone. */
export function forgetUserTimeZone(userId: string): void {
  cached.delete(userId);
}
