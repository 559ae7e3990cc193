/**
 * SECURITY-CRITICAL. The tokens a share-link visitor holds after validating a link. Both are
 * signed with the app secret (NEXTAUTH_SECRET) and kept by the browser in sessionStorage only;
 * nothing about them is stored. They are never enough on their own: every use re-reads the link
 * (lib/links/link-access.ts), so deleting or expiring a link ends every token issued for it.
 */
import { hmac, randomToken, safeEqual } from "@/lib/auth/crypto";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";

/** How long an access token lasts (docs/share-links.md). */
export const LINK_ACCESS_TTL_SECONDS = 15 * 60;
/** How long a refresh token lasts from validation; refreshing does not extend it. */
export const LINK_REFRESH_TTL_SECONDS = 12 * 60 * 60;

export type LinkAccessClaims = {
  typ: "link-access";
  /** The link, its document and account, the role it gave, and the visitor's confirmed address. */
  lid: string;
  did: string;
  aid: string;
  role: DocumentRoleName;
  email: string | null;
  /**
   * The visit: random at validation and kept by refreshing, so what a visitor of an open link
   * wrote stays theirs to edit for the visit (lib/links/link-comments.ts). Optional: tokens
   * signed before visits had ids lack it.
   */
  vid?: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

export type LinkRefreshClaims = {
  typ: "link-refresh";
  lid: string;
  email: string | null;
  /** The visit, handed on to the next access token. */
  vid?: string;
  exp: number;
  /** Random, so two refresh tokens are never equal. */
  jti: string;
};

type Claims = LinkAccessClaims | LinkRefreshClaims;

// The type is part of the signed text, so a refresh token never passes as an access token.
const signature = (typ: string, body: string) => hmac(`${typ}:${body}`);

function sign(claims: Claims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${signature(claims.typ, body)}`;
}

export type Verified<T> = { ok: true; claims: T } | { ok: false; reason: "invalid" | "expired" };

function verify<T extends Claims>(token: string, typ: T["typ"]): Verified<T> {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined || !safeEqual(sig, signature(typ, body))) return { ok: false, reason: "invalid" };
  let claims: T;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (claims?.typ !== typ || typeof claims.lid !== "string" || typeof claims.exp !== "number") return { ok: false, reason: "invalid" };
  if (claims.exp * 1000 <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Signs an access token; its life never passes the link's own expiry. */
export function signLinkAccessToken(input: Omit<LinkAccessClaims, "typ" | "exp">, linkExpiredAt: Date | null) {
  const cap = linkExpiredAt ? Math.floor(linkExpiredAt.getTime() / 1000) : Infinity;
  const exp = Math.min(nowSeconds() + LINK_ACCESS_TTL_SECONDS, cap);
  return { token: sign({ typ: "link-access", ...input, exp }), expiresIn: Math.max(0, exp - nowSeconds()) };
}

/** Signs a refresh token ending at `exp` (seconds), or LINK_REFRESH_TTL_SECONDS from now. */
export function signLinkRefreshToken(
  input: { lid: string; email: string | null; vid?: string },
  exp = nowSeconds() + LINK_REFRESH_TTL_SECONDS,
) {
  return sign({ typ: "link-refresh", ...input, exp, jti: randomToken(9) });
}

export const verifyLinkAccessToken = (token: string) => verify<LinkAccessClaims>(token, "link-access");
export const verifyLinkRefreshToken = (token: string) => verify<LinkRefreshClaims>(token, "link-refresh");
