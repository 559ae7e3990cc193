/**
 * SECURITY-CRITICAL. The one throttle of every guessable or costly request: password sign-in,
 * emailed sign-in links and resets, secure-link codes, signers' certificate passwords, API keys
 * and the public PDF check (docs/security.md, "Throttles"). A throttle is a key prefix, a window,
 * a limit and a lock; its counts live in the SignInThrottle table, so every app process agrees.
 *
 * An attempt is counted before its verdict, in one statement (`takeAttempts`): the statement
 * that adds one to the key also answers whether this attempt is within the limit, so attempts
 * arriving together (one client firing in parallel, or several processes) cannot all pass a check
 * made before any of them is counted. An attempt that succeeds may give its count back
 * (`giveBack`) where only failures should count; the key's own count is what decides, never a
 * read made earlier.
 */
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

export type Throttle = {
  /** The key's prefix in SignInThrottle (`email` → `email:<address>`). */
  prefix: string;
  /** Attempts the key may take in a window. */
  limit: number;
  windowSeconds: number;
  /** How long the attempt that reaches the limit locks the key; without it, until the window ends. */
  lockSeconds?: number;
};

/** One key of one throttle: `<prefix>:<id>`. */
export type ThrottleKey = { throttle: Throttle; id: string };

const MINUTE = 60;

/**
 * Password sign-in (docs/auth.md, "Throttling"): per address, per IP when known (`TRUST_PROXY`),
 * and for all addresses together, so spraying one guess at many addresses is bounded without
 * knowing the IP. The global one only counts failures (a success gives its attempt back) and
 * locks until its minute ends: it slows a sprayer to SIGN_IN_ALL's limit a minute, and the
 * real owner waits a minute at most (a magic link still works meanwhile). Its limit may be set
 * with `SIGN_IN_FAILURES_PER_MINUTE` (an installation with many users behind one office, or the
 * test suite, whose files share one database).
 */
export const SIGN_IN_ADDRESS: Throttle = { prefix: "email", limit: 8, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE };
export const SIGN_IN_IP: Throttle = { prefix: "ip", limit: 40, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE };
export const SIGN_IN_ALL: Throttle = { prefix: "sign-in-all", limit: 100, windowSeconds: MINUTE };

/**
 * Emails that sign in or reset (magic link, password reset, verification): a few per address
 * and kind, and a few per user whatever the kind. Past them the request answers as always
 * (`{ sent: true }`, so nothing tells whether the address is registered) and sends nothing.
 */
export const MAGIC_LINKS_PER_ADDRESS: Throttle = { prefix: "magic-link", limit: 5, windowSeconds: 15 * MINUTE };
export const RESETS_PER_ADDRESS: Throttle = { prefix: "reset", limit: 5, windowSeconds: 15 * MINUTE };
export const VERIFY_EMAILS_PER_ADDRESS: Throttle = { prefix: "verify-email", limit: 5, windowSeconds: 15 * MINUTE };
export const AUTH_EMAILS_PER_USER: Throttle = { prefix: "auth-emails-user", limit: 8, windowSeconds: 15 * MINUTE };

/**
 * Unknown or revoked API keys: per IP when known, and for all callers together. A key is 24
 * random bytes, so guessing one is hopeless; these stop a flood of failing look-ups. A valid key
 * is never refused by them.
 */
export const API_KEY_FAILURES_PER_IP: Throttle = { prefix: "api-key-ip", limit: 30, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE };
export const API_KEY_FAILURES_ALL: Throttle = { prefix: "api-key-all", limit: 300, windowSeconds: MINUTE };

/** The slow-down of password sign-in once a key has `count` attempts in its window. */
export const SLOW_DOWN = { after: 3, stepMs: 250, maxMs: 2000 } as const;

export const delayFor = (count: number) =>
  count > SLOW_DOWN.after ? Math.min(SLOW_DOWN.maxMs, (count - SLOW_DOWN.after) * SLOW_DOWN.stepMs) : 0;

export const keyOf = ({ throttle, id }: ThrottleKey) => `${throttle.prefix}:${id}`;

type Counted = { key: ThrottleKey; count: number; lockedUntil: Date | null };

/**
 * Adds one attempt to a key and answers its count and lock, in one statement. A key whose window
 * has passed (and is not locked), or whose lock has ended, starts again at 1; the attempt that
 * reaches the limit locks the key; an active lock is never shortened. An attempt is within the
 * limit when the count it gets is at most the limit.
 */
async function countAttempt(key: ThrottleKey, now: Date): Promise<Counted> {
  const { limit, windowSeconds, lockSeconds } = key.throttle;
  const cutoff = new Date(now.getTime() - windowSeconds * 1000);
  // Locked by time, or until the end of the (possibly new) window.
  const freshLock = new Date(now.getTime() + (lockSeconds ?? windowSeconds) * 1000);
  const reachedLock =
    lockSeconds === undefined
      ? // Until the window ends, not a whole window from now.
        Prisma.sql`t."windowStart" + CAST(${windowSeconds} AS integer) * interval '1 second'`
      : Prisma.sql`CAST(${freshLock} AS timestamp(3))`;
  const [row] = await db.$queryRaw<{ failures: number; lockedUntil: Date | null }[]>`
    INSERT INTO "SignInThrottle" AS t ("key", "failures", "windowStart", "lockedUntil", "updatedAt")
    VALUES (${keyOf(key)}, 1, CAST(${now} AS timestamp(3)), CASE WHEN 1 >= ${limit} THEN CAST(${freshLock} AS timestamp(3)) END, CAST(${now} AS timestamp(3)))
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE
        WHEN (t."lockedUntil" IS NULL AND t."windowStart" < CAST(${cutoff} AS timestamp(3))) OR t."lockedUntil" <= CAST(${now} AS timestamp(3)) THEN 1
        ELSE t."failures" + 1
      END,
      "windowStart" = CASE
        WHEN (t."lockedUntil" IS NULL AND t."windowStart" < CAST(${cutoff} AS timestamp(3))) OR t."lockedUntil" <= CAST(${now} AS timestamp(3)) THEN CAST(${now} AS timestamp(3))
        ELSE t."windowStart"
      END,
      "lockedUntil" = CASE
        WHEN (t."lockedUntil" IS NULL AND t."windowStart" < CAST(${cutoff} AS timestamp(3))) OR t."lockedUntil" <= CAST(${now} AS timestamp(3))
          THEN CASE WHEN 1 >= ${limit} THEN CAST(${freshLock} AS timestamp(3)) END
        WHEN t."lockedUntil" IS NULL AND t."failures" + 1 >= ${limit}
          THEN ${reachedLock}
        ELSE t."lockedUntil"
      END,
      "updatedAt" = CAST(${now} AS timestamp(3))
    RETURNING "failures", "lockedUntil"`;
  return { key, count: Number(row.failures), lockedUntil: row.lockedUntil };
}

/** Gives one attempt back (a success that should not count); lifts the lock when the count falls below the limit. */
async function giveBackAttempt(key: ThrottleKey): Promise<void> {
  await db.$executeRaw`
    UPDATE "SignInThrottle" SET
      "failures" = GREATEST("failures" - 1, 0),
      "lockedUntil" = CASE WHEN "failures" - 1 < ${key.throttle.limit} THEN NULL ELSE "lockedUntil" END
    WHERE "key" = ${keyOf(key)} AND "failures" > 0`;
}

export type Attempt = {
  /** Each key's count, in the order of the keys (for the sign-in slow-down). */
  counts: number[];
  /** Gives the attempt back on `keys` (all of them when none are named). */
  giveBack(keys?: ThrottleKey[]): Promise<void>;
};

export type AttemptResult = { ok: true; attempt: Attempt } | { ok: false; retryAt: Date };

/**
 * Counts one attempt on every key, each in one statement. When any key is past its limit the
 * attempt is refused and given back on every key counted so far (a refused request costs no
 * other key's budget, and a lock's count stays at its limit); the answer says when to try again.
 */
export async function tryAttempts(keys: ThrottleKey[]): Promise<AttemptResult> {
  const now = new Date();
  const counted: Counted[] = [];
  for (const key of keys) {
    const result = await countAttempt(key, now);
    if (result.count > key.throttle.limit) {
      // Refused attempts are not kept either: a count says how many attempts got a verdict.
      for (const c of [...counted, result]) await giveBackAttempt(c.key);
      const retryAt = result.lockedUntil ?? new Date(now.getTime() + (key.throttle.lockSeconds ?? key.throttle.windowSeconds) * 1000);
      return { ok: false, retryAt };
    }
    counted.push(result);
  }
  const attempt: Attempt = {
    counts: counted.map((c) => c.count),
    giveBack: async (only = keys) => {
      for (const key of only) await giveBackAttempt(key);
    },
  };
  return { ok: true, attempt };
}

/** TOO_MANY_ATTEMPTS with the minutes to wait, and `details.retryAt` (REST adds Retry-After from it). */
export function tooManyAttempts(retryAt: Date): AppError {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 60_000));
  return new AppError(AppErrorCode.TOO_MANY_ATTEMPTS, {
    message: `Too many attempts. Try again in ${minutes} minutes.`,
    params: { minutes },
    details: { retryAt: retryAt.toISOString() },
  });
}

/** `tryAttempts`, throwing TOO_MANY_ATTEMPTS when refused. */
export async function takeAttempts(keys: ThrottleKey[]): Promise<Attempt> {
  const result = await tryAttempts(keys);
  if (!result.ok) throw tooManyAttempts(result.retryAt);
  return result.attempt;
}

/** Forgets the keys' counts and locks (a proof of ownership: the right password, a valid code). */
export async function clearAttempts(keys: ThrottleKey[]): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: { in: keys.map(keyOf) } } });
}

/** The keys of one password sign-in. */
export const signInKeys = (email: string, ip: string | null): ThrottleKey[] => [
  { throttle: SIGN_IN_ADDRESS, id: email },
  ...(ip ? [{ throttle: SIGN_IN_IP, id: ip }] : []),
  { throttle: { ...SIGN_IN_ALL, limit: signInAllLimit() }, id: "all" },
];

function signInAllLimit(): number {
  const configured = Number.parseInt(process.env.SIGN_IN_FAILURES_PER_MINUTE ?? "", 10);
  return Number.isInteger(configured) && configured > 0 ? configured : SIGN_IN_ALL.limit;
}

/**
 * Counts an unknown or revoked API key (per IP when known, and for everyone) and throws
 * TOO_MANY_ATTEMPTS past either limit; within them the caller stays anonymous (401 where a key is
 * needed). The count and the answer come from one statement per key, so concurrent failures
 * past the limit are all refused.
 */
export async function countApiKeyFailure(ip: string | null): Promise<void> {
  await takeAttempts([...(ip ? [{ throttle: API_KEY_FAILURES_PER_IP, id: ip }] : []), { throttle: API_KEY_FAILURES_ALL, id: "all" }]);
}

/** A successful sign-in (or password change) clears the address's counter (not the IP's). */
export async function clearSignInFailures(email: string): Promise<void> {
  await clearAttempts([{ throttle: SIGN_IN_ADDRESS, id: email }]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
