/**
 * SECURITY-CRITICAL. The 6-digit code that confirms a secure link's visitor owns the address
 * they gave. The code is not stored: it is an HMAC of the link, the address and a 10-minute
 * window, so the same address gets the same code within a window and a code from the current
 * or the previous window is accepted (10 to 20 minutes). Guessing is bounded by counters in the
 * SignInThrottle table (keys prefixed `link-`), shared by every app instance.
 */
import { createHmac } from "node:crypto";
import { db } from "@/lib/db";
import { authSecret } from "@/lib/auth/secret";
import { safeEqual } from "@/lib/auth/crypto";
import { appUrl, deliverEmail, layoutEmail } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { getTranslator } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { linkRef } from "./link-access";

export const LINK_CODE_WINDOW_MINUTES = 10;
const WINDOW_MS = LINK_CODE_WINDOW_MINUTES * 60_000;

/** Attempts per 15 minutes before a key is locked for 15 minutes. */
export const LINK_THROTTLE = {
  windowMinutes: 15,
  wrongCodesPerAddress: 5,
  wrongCodesPerIp: 30,
  codesSentPerAddress: 5,
  codesSentPerIp: 30,
} as const;

function codeFor(linkId: string, email: string, window: number): string {
  const digest = createHmac("sha256", authSecret()).update(`link-code:${linkId}:${email}:${window}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

/** The code to email now. */
export const currentLinkCode = (linkId: string, email: string) => codeFor(linkId, email, Math.floor(Date.now() / WINDOW_MS));

/** Whether `code` is the code of this window or the one before. */
export function isValidLinkCode(linkId: string, email: string, code: string): boolean {
  const window = Math.floor(Date.now() / WINDOW_MS);
  // Both compared, so the answer takes the same time whichever matched.
  const results = [window, window - 1].map((w) => safeEqual(codeFor(linkId, email, w), code));
  return results.some(Boolean);
}

type ThrottleKey = { key: string; limit: number };

export const codeKeys = (linkId: string, email: string, ip: string | null): ThrottleKey[] => [
  { key: `link-code:${linkRef(linkId)}:${email}`, limit: LINK_THROTTLE.wrongCodesPerAddress },
  ...(ip ? [{ key: `link-code-ip:${ip}`, limit: LINK_THROTTLE.wrongCodesPerIp }] : []),
];

export const sendKeys = (linkId: string, email: string, ip: string | null): ThrottleKey[] => [
  { key: `link-send:${linkRef(linkId)}:${email}`, limit: LINK_THROTTLE.codesSentPerAddress },
  ...(ip ? [{ key: `link-send-ip:${ip}`, limit: LINK_THROTTLE.codesSentPerIp }] : []),
];

/** TOO_MANY_ATTEMPTS while any of the keys is locked. */
export async function assertLinkNotThrottled(keys: ThrottleKey[]): Promise<void> {
  const rows = await db.signInThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
  const until = rows.map((row) => row.lockedUntil).find((date) => date && date > new Date());
  if (until) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
    throw new AppError(AppErrorCode.TOO_MANY_ATTEMPTS, {
      message: `Too many attempts. Try again in ${minutes} minutes.`,
      params: { minutes },
      details: { retryAt: until.toISOString() },
    });
  }
}

/**
 * Counts one attempt on each key, locking a key that reaches its limit within the window. One
 * statement per key, so attempts arriving at the same instant (in one process or several) are
 * each counted: a window that ended starts again at 1, a count that reaches the limit locks the
 * key for a window.
 */
export async function countLinkAttempt(keys: ThrottleKey[]): Promise<void> {
  const now = new Date();
  const windowMs = LINK_THROTTLE.windowMinutes * 60_000;
  const cutoff = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  for (const { key, limit } of keys) {
    await db.$executeRaw`
      INSERT INTO "SignInThrottle" ("key", "failures", "windowStart", "lockedUntil", "updatedAt")
      VALUES (${key}, 1, ${now}, ${limit <= 1 ? lockUntil : null}, ${now})
      ON CONFLICT ("key") DO UPDATE SET
        "failures" = CASE WHEN "SignInThrottle"."windowStart" < ${cutoff} THEN 1 ELSE "SignInThrottle"."failures" + 1 END,
        "windowStart" = CASE WHEN "SignInThrottle"."windowStart" < ${cutoff} THEN ${now} ELSE "SignInThrottle"."windowStart" END,
        "lockedUntil" = CASE
          WHEN (CASE WHEN "SignInThrottle"."windowStart" < ${cutoff} THEN 1 ELSE "SignInThrottle"."failures" + 1 END) >= ${limit} THEN ${lockUntil}
          WHEN "SignInThrottle"."windowStart" < ${cutoff} THEN NULL
          ELSE "SignInThrottle"."lockedUntil"
        END,
        "updatedAt" = ${now}`;
  }
}

export async function clearLinkAttempts(keys: ThrottleKey[]): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: { in: keys.map((k) => k.key) } } });
}

/** The code email in the visitor's language (messages `linkEmail`). */
export function renderLinkCodeEmail(input: { locale: Locale; code: string; account: string; url: string }) {
  const t = getTranslator(input.locale);
  const params = { code: input.code, account: input.account, minutes: LINK_CODE_WINDOW_MINUTES };
  return layoutEmail({
    locale: input.locale,
    code: input.code,
    subject: t("linkEmail.subject", params),
    heading: t("linkEmail.heading", params),
    body: t("linkEmail.body", params),
    button: t("linkEmail.button", params),
    url: input.url,
    footer: t("linkEmail.footer", params),
  });
}

/** Emails the code to the visitor, in their language. */
export async function sendLinkCodeEmail(input: { to: string; locale: Locale; linkId: string; account: string }): Promise<void> {
  const code = currentLinkCode(input.linkId, input.to);
  const rendered = renderLinkCodeEmail({ locale: input.locale, code, account: input.account, url: `${appUrl()}/s/${input.linkId}` });
  await deliverEmail({ to: input.to, template: "linkCode", locale: input.locale, ...rendered });
}
