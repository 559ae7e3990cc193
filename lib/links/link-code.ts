/**
 * SECURITY-CRITICAL. The 6-digit code that confirms a secure link's visitor owns the address
 * they gave. The code is not stored: it is an HMAC of the link, the address and a 10-minute
 * window, so the same address gets the same code within a window and a code from the current
 * or the previous window is accepted (10 to 20 minutes). Guessing is bounded by the throttles
 * below (lib/auth/throttle.ts: counted before the code is checked, shared by every app instance).
 */
import { createHmac } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { safeEqual } from "@/lib/auth/crypto";
import { appUrl, deliverEmail, layoutEmail, type EmailTransaction } from "@/lib/email/send-email";
import type { Throttle, ThrottleKey } from "@/lib/auth/throttle";
import { getTranslator } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { linkRef } from "./link-access";

export const LINK_CODE_WINDOW_MINUTES = 10;
const WINDOW_MS = LINK_CODE_WINDOW_MINUTES * 60_000;

/**
 * Secure-link throttles (lib/auth/throttle.ts), 15-minute windows and locks. Wrong codes are
 * counted per address, per IP when known, and per link whatever the address: a domain allow list
 * admits any number of addresses, each with its own code, so without the link's own count every
 * new address would be a new set of guesses.
 */
const WINDOW = 15 * 60;
export const LINK_CODE_PER_ADDRESS: Throttle = { prefix: "link-code", limit: 5, windowSeconds: WINDOW, lockSeconds: WINDOW };
export const LINK_CODE_PER_IP: Throttle = { prefix: "link-code-ip", limit: 30, windowSeconds: WINDOW, lockSeconds: WINDOW };
export const LINK_CODE_PER_LINK: Throttle = { prefix: "link-code-link", limit: 20, windowSeconds: WINDOW, lockSeconds: WINDOW };
export const LINK_SEND_PER_ADDRESS: Throttle = { prefix: "link-send", limit: 5, windowSeconds: WINDOW, lockSeconds: WINDOW };
export const LINK_SEND_PER_IP: Throttle = { prefix: "link-send-ip", limit: 30, windowSeconds: WINDOW, lockSeconds: WINDOW };
export const LINK_SEND_PER_LINK: Throttle = { prefix: "link-send-link", limit: 50, windowSeconds: WINDOW, lockSeconds: WINDOW };

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

/** The keys of one code tried: the address's first (cleared by the right code). */
export const codeKeys = (linkId: string, email: string, ip: string | null): ThrottleKey[] => [
  { throttle: LINK_CODE_PER_ADDRESS, id: `${linkRef(linkId)}:${email}` },
  ...(ip ? [{ throttle: LINK_CODE_PER_IP, id: ip }] : []),
  { throttle: LINK_CODE_PER_LINK, id: linkRef(linkId) },
];

/** The keys of one code emailed. */
export const sendKeys = (linkId: string, email: string, ip: string | null): ThrottleKey[] => [
  { throttle: LINK_SEND_PER_ADDRESS, id: `${linkRef(linkId)}:${email}` },
  ...(ip ? [{ throttle: LINK_SEND_PER_IP, id: ip }] : []),
  { throttle: LINK_SEND_PER_LINK, id: linkRef(linkId) },
];

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

/**
 * Emails the code to the visitor, in their language, in `tx`: the transaction that records the
 * code as sent (`link.codeSent`), so the record and the email, with its delivery job, commit
 * together (issue 37). Call `prepareEmailDelivery()` before the transaction.
 */
export async function sendLinkCodeEmail(
  tx: EmailTransaction,
  input: { to: string; locale: Locale; linkId: string; account: string },
): Promise<void> {
  const code = currentLinkCode(input.linkId, input.to);
  const rendered = renderLinkCodeEmail({ locale: input.locale, code, account: input.account, url: `${appUrl()}/s/${input.linkId}` });
  await deliverEmail({ to: input.to, template: "linkCode", locale: input.locale, ...rendered }, {}, { tx });
}
