import { db } from "@/lib/db";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Failed sign-ins are counted per address and per IP in the database, so every app instance
 * agrees. Past SLOW_AFTER failures in the window each answer is delayed; past LOCK_AFTER the key
 * is refused until LOCK_MINUTES have passed.
 */
export const THROTTLE = {
  windowMinutes: 15,
  slowAfter: 3,
  delayStepMs: 250,
  maxDelayMs: 2000,
  lockAfter: { email: 8, ip: 40 },
  lockMinutes: 15,
} as const;

export type ThrottleKeys = { email: string; ip: string | null };

const keysOf = (keys: ThrottleKeys): { key: string; kind: "email" | "ip" }[] => [
  { key: `email:${keys.email}`, kind: "email" },
  ...(keys.ip ? [{ key: `ip:${keys.ip}`, kind: "ip" as const }] : []),
];

function lockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError(AppErrorCode.TOO_MANY_ATTEMPTS, {
    message: `Too many failed attempts. Try again in ${minutes} minutes.`,
    params: { minutes },
    details: { retryAt: until.toISOString() },
  });
}

/** Throws TOO_MANY_ATTEMPTS while any key is locked. */
export async function assertNotThrottled(keys: ThrottleKeys): Promise<void> {
  const rows = await db.signInThrottle.findMany({ where: { key: { in: keysOf(keys).map((k) => k.key) } } });
  const locked = rows.find((row) => row.lockedUntil && row.lockedUntil > new Date());
  if (locked?.lockedUntil) throw lockedError(locked.lockedUntil);
}

/** Counts a failure; returns how long to wait before answering (the slow-down). */
export async function recordSignInFailure(keys: ThrottleKeys): Promise<number> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  let failures = 0;
  for (const { key, kind } of keysOf(keys)) {
    const row = await db.signInThrottle.findUnique({ where: { key } });
    const fresh = !row || row.windowStart < windowStart;
    const count = fresh ? 1 : row.failures + 1;
    const lockedUntil =
      count >= THROTTLE.lockAfter[kind] ? new Date(now.getTime() + THROTTLE.lockMinutes * 60_000) : null;
    await db.signInThrottle.upsert({
      where: { key },
      create: { key, failures: count, windowStart: now, lockedUntil },
      update: { failures: count, windowStart: fresh ? now : undefined, lockedUntil },
    });
    if (kind === "email") failures = count;
  }
  return failures > THROTTLE.slowAfter
    ? Math.min(THROTTLE.maxDelayMs, (failures - THROTTLE.slowAfter) * THROTTLE.delayStepMs)
    : 0;
}

/** A successful sign-in clears the address's counter (not the IP's). */
export async function clearSignInFailures(email: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: `email:${email}` } });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
