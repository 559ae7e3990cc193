import { db } from "@/lib/db";

export const DEFAULT_TIME_ZONE = "UTC";

/**
 * How long a user's saved timezone is reused before it is read again. The session query (built on
 * every request in lib/auth) does not carry it, so pages would otherwise pay one more query each;
 * a change in the profile shows within this delay on other server processes, and at once here.
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

/** The user's saved timezone, else UTC; cached briefly per process (see TTL_MS). */
export async function getUserTimeZone(userId: string | null): Promise<string> {
  if (!userId) return DEFAULT_TIME_ZONE;
  const hit = cached.get(userId);
  if (hit && hit.expires > Date.now()) return hit.timeZone;
  const user = await db.user.findUnique({ where: { id: userId }, select: { timezone: true } });
  const timeZone = user?.timezone && isKnownTimeZone(user.timezone) ? user.timezone : DEFAULT_TIME_ZONE;
  if (cached.size >= MAX_ENTRIES) cached.clear();
  cached.set(userId, { timeZone, expires: Date.now() + TTL_MS });
  return timeZone;
}

/** Drops the cached value, for the process that just saved a new timezone. */
export function forgetUserTimeZone(userId: string): void {
  cached.delete(userId);
}
