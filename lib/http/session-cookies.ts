import { SESSION_MAX_AGE_SECONDS, sessionCookieName, sessionCookieOptions, type IssuedSession } from "@/lib/auth/session-jwt";

export const REFRESH_COOKIE = "refresh-token";

/** Puts a new session in the browser: the next-auth JWT cookie and the refresh-token cookie. */
export function withSessionCookies(response: Response, session: IssuedSession): Response {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)) || SESSION_MAX_AGE_SECONDS;
  response.headers.append("set-cookie", serializeCookie(sessionCookieName(), session.accessToken, sessionCookieOptions(maxAge)));
  response.headers.append(
    "set-cookie",
    serializeCookie(REFRESH_COOKIE, session.refreshToken, { ...sessionCookieOptions(maxAge), path: "/vapp/auth" }),
  );
  return response;
}

export function clearSessionCookies(response: Response): Response {
  response.headers.append("set-cookie", serializeCookie(sessionCookieName(), "", sessionCookieOptions(0)));
  response.headers.append("set-cookie", serializeCookie(REFRESH_COOKIE, "", { ...sessionCookieOptions(0), path: "/vapp/auth" }));
  return response;
}

export function serializeCookie(
  name: string,
  value: string,
  options: { httpOnly?: boolean; sameSite?: "lax" | "strict"; path?: string; secure?: boolean; maxAge?: number },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.sameSite) parts.push(`SameSite=${options.sameSite === "lax" ? "Lax" : "Strict"}`);
  return parts.join("; ");
}

/** The body API clients get: tokens they send back as `Authorization: Bearer` and to refresh. */
export const tokenBody = (session: IssuedSession) => ({
  accessToken: session.accessToken,
  refreshToken: session.refreshToken,
  expiresAt: session.expiresAt.toISOString(),
  userId: session.userId,
  accountId: session.accountId,
});
