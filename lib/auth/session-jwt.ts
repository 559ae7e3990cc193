import { decode, encode } from "next-auth/jwt";
import { authSecret } from "./secret";

/**
 * The session JWT (next-auth's format) and its cookie, without any database access, so the
 * proxy can read it too.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const isSecureCookies = () => (process.env.NEXTAUTH_URL ?? process.env.APP_URL ?? "").startsWith("https://");

/** The cookie name next-auth itself uses, so its helpers read our sessions too. */
export const sessionCookieName = () => (isSecureCookies() ? "__Secure-next-auth.session-token" : "next-auth.session-token");

export const sessionCookieOptions = (maxAge = SESSION_MAX_AGE_SECONDS) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: isSecureCookies(),
  maxAge,
});

/** `int` marks internal (staff) users, who may still reach registration while signed in. */
export type SessionClaims = { sub: string; sid: string; aid?: string | null; int?: boolean };

export type IssuedSession = {
  sessionId: string;
  userId: string;
  accountId: string | null;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
};

export const signSessionJwt = (claims: SessionClaims) => encode({ token: claims, secret: authSecret(), maxAge: SESSION_MAX_AGE_SECONDS });

export async function readSessionJwt(jwt: string): Promise<SessionClaims | null> {
  try {
    const claims = await decode({ token: jwt, secret: authSecret() });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
    return { sub: claims.sub, sid: claims.sid, aid: typeof claims.aid === "string" ? claims.aid : null, int: claims.int === true };
  } catch {
    return null;
  }
}
