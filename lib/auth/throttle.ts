import { db } from "@/lib/db";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Failed sign-ins are counted per address and per IP in the database, so every app instance
 * agrees. Past `slowAfter` failures of a key in the window each answer is delayed; at `lockAfter`
 * the key is refused until `lockMinutes` have passed. The IP is only counted when it is known
 * (`TRUST_PROXY`, see lib/auth/get-request-context.ts): a client-supplied header is not an address.
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

/** The slow-down for a key that has failed `failures` times in the window. */
const delayFor = (failures: number) =>
  failures > THROTTLE.slowAfter ? Math.min(THROTTLE.maxDelayMs, (failures - THROTTLE.slowAfter) * THROTTLE.delayStepMs) : 0;

/**
 * Adds one failure to a key in a single statement, so concurrent failures (several instances, or
 * one client firing in parallel) all count: a row whose window has passed starts again at 1,
 * reaching the key's limit locks it from now, and an active lock is never shortened.
 */
async function countFailure(key: string, lockAfter: number, now: Date): Promise<{ failures: number; lockedUntil: Date | null }> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
  const [row] = await db.$queryRaw<{ failures: number; lockedUntil: Date | null }[]>`
    INSERT INTO "SignInThrottle" ("key", "failures", "windowStart", "lockedUntil", "updatedAt")
    VALUES (${key}, 1, ${now}, CASE WHEN 1 >= ${lockAfter} THEN CAST(${lockUntil} AS timestamp(3)) END, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "SignInThrottle"."windowStart" < ${windowStart} THEN 1 ELSE "SignInThrottle"."failures" + 1 END,
      "windowStart" = CASE WHEN "SignInThrottle"."windowStart" < ${windowStart} THEN CAST(${now} AS timestamp(3)) ELSE "SignInThrottle"."windowStart" END,
      "lockedUntil" = CASE
        WHEN (CASE WHEN "SignInThrottle"."windowStart" < ${windowStart} THEN 1 ELSE "SignInThrottle"."failures" + 1 END) >= ${lockAfter}
          THEN CAST(${lockUntil} AS timestamp(3))
        WHEN "SignInThrottle"."lockedUntil" > ${now} THEN "SignInThrottle"."lockedUntil"
      END,
      "updatedAt" = ${now}
    RETURNING "failures", "lockedUntil"`;
  return row;
}

/**
 * Counts a failure for the address and, when the IP is known, for the IP; returns how long to
 * wait before answering (the slow-down of whichever key has failed more).
 */
export async function recordSignInFailure(keys: ThrottleKeys): Promise<number> {
  const now = new Date();
  let delay = 0;
  for (const { key, kind } of keysOf(keys)) {
    const { failures } = await countFailure(key, THROTTLE.lockAfter[kind], now);
    delay = Math.max(delay, delayFor(failures));
  }
  return delay;
}

/** A successful sign-in clears the address's counter (not the IP's). */
export async function clearSignInFailures(email: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: `email:${email}` } });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
