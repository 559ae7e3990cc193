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

/** Headers that carry a credential of their own: API keys, a bearer access token, token sign-in's key, a signer's or reviewer's `signed` token. */
function hasHeaderCredential(src: RequestSource): boolean {
  return Boolean(
    src.header("x-api-key") ||
    src.header("api-key") ||
    src.header("x-access-token") ||
    src.header("signed") ||
    src.header("authorization")?.startsWith("Bearer "),
  );
}

const isJson = (src: RequestSource) => /^application\/json\s*(;|$)/i.test(src.header("content-type") ?? "");

/**
 * Whether a state-changing request must carry our CSRF token. Anything that sends cookies does:
 * the browser adds them to requests another site makes. A request with no cookie at all is
 * exempt when it authenticates with a header of its own (`x-api-key`, `api-key`, `Bearer`,
 * `x-access-token` of token sign-in): another site cannot make a browser send custom headers
 * without a CORS preflight, which we never grant. Routes whose credentials travel in the JSON
 * body (desktop sign-in, refresh token) pass `credentialsInBody`: a cookie-less request there is
 * exempt when it is JSON, which another site cannot send without that preflight either (a form
 * can only post text/plain, urlencoded or multipart).
 */
export function needsCsrf(src: RequestSource, options: { credentialsInBody?: boolean } = {}): boolean {
  if (src.header("cookie")) return true;
  if (hasHeaderCredential(src)) return false;
  return !(options.credentialsInBody && isJson(src));
}

export const csrfCookieOptions = { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: 60 * 60 * 24 };
