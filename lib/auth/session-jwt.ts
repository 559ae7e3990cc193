import { jwtDecrypt } from "jose";
import { encode } from "next-auth/jwt";
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

/**
 * The key next-auth derives from the secret for its tokens (HKDF-SHA256, empty salt, its info
 * text, 32 bytes), derived once per secret: next-auth's own `decode` derives it again for every
 * token, about 0.2 ms of CPU on every signed-in request (issue 15, docs/benchmarks.md).
 */
const KEY_INFO = "NextAuth.js Generated Encryption Key";
let derivedKey: { secret: string; key: Promise<Uint8Array> } | null = null;

function encryptionKey(secret: string): Promise<Uint8Array> {
  if (derivedKey?.secret !== secret) derivedKey = { secret, key: deriveKey(secret) };
  return derivedKey.key;
}

async function deriveKey(secret: string): Promise<Uint8Array> {
  const text = new TextEncoder();
  const material = await crypto.subtle.importKey("raw", text.encode(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: text.encode(KEY_INFO) },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/** The claims of a session token (next-auth's `decode`, with the key derived once), or null. */
export async function readSessionJwt(jwt: string): Promise<SessionClaims | null> {
  try {
    if (!jwt) return null;
    const { payload: claims } = await jwtDecrypt(jwt, await encryptionKey(authSecret()), { clockTolerance: 15 });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
    return { sub: claims.sub, sid: claims.sid, aid: typeof claims.aid === "string" ? claims.aid : null, int: claims.int === true };
  } catch {
    return null;
  }
}
