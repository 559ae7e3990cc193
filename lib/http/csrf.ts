import { hmac, randomToken, safeEqual } from "@/lib/auth/crypto";
import type { RequestSource } from "@/lib/auth/get-request-context";

/**
 * Double-submit CSRF protection: GET /vapp/auth/csrf sets an httpOnly cookie holding a signed
 * token and returns the same token; state-changing calls send it back in `x-csrf-token`.
 * A page on another site can neither read the token nor forge the signature.
 */
export const CSRF_COOKIE = "csrf-token";
export const CSRF_HEADER = "x-csrf-token";

const sign = (nonce: string) => `${nonce}.${hmac(`csrf:${nonce}`)}`;

export function isSignedCsrfToken(token: string | null | undefined): token is string {
  if (!token) return false;
  const [nonce, signature, extra] = token.split(".");
  return Boolean(nonce && signature && extra === undefined && safeEqual(sign(nonce), token));
}

/** Keeps a valid existing token (several tabs share it), else makes a new one. */
export const issueCsrfToken = (existing: string | null) => (isSignedCsrfToken(existing) ? existing : sign(randomToken(18)));

export function hasValidCsrf(src: RequestSource): boolean {
  const header = src.header(CSRF_HEADER);
  const cookie = src.cookie(CSRF_COOKIE);
  return isSignedCsrfToken(header) && cookie !== null && safeEqual(header, cookie);
}

/**
 * Requests authenticated only by a header (API key or bearer token, no cookies) cannot be forged
 * by another site, so they need no CSRF token; anything carrying our cookies does.
 */
export function needsCsrf(src: RequestSource): boolean {
  const headerAuth = Boolean(src.header("x-api-key") || src.header("api-key") || src.header("authorization")?.startsWith("Bearer "));
  return !headerAuth || Boolean(src.header("cookie"));
}

export const csrfCookieOptions = { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: 60 * 60 * 24 };
