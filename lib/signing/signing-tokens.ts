/**
 * SECURITY-CRITICAL. The tokens of approval and signature links (issue 16). Each one is signed
 * with the app secret and bound to its purpose, its record (the Approval or Signature), the
 * document, the workspace, the recipient's address and the instant the request was made
 * (`rat`): asking again signs new tokens and ends the older ones, and the services refuse a
 * token whose record has moved on (approved, rejected, signed, declined). Nothing about a token
 * is stored. docs/approvals-and-signatures.md.
 */
import { hmac, safeEqual } from "@/lib/auth/crypto";

export type SigningPurpose = "approval" | "signature";

export type SigningClaims = {
  typ: SigningPurpose;
  /** The Approval or Signature id. */
  rid: string;
  did: string;
  aid: string;
  email: string;
  /** The record's requestedAt, milliseconds since the epoch. */
  rat: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

/** How long a link stays valid from its request (SIGNING_LINK_TTL_DAYS, default 30). */
export function signingLinkTtlSeconds(): number {
  const days = Number(process.env.SIGNING_LINK_TTL_DAYS ?? 30);
  return Math.round((Number.isFinite(days) && days > 0 ? days : 30) * 24 * 60 * 60);
}

// The purpose is part of the signed text, so an approval token never passes as a signature token.
const signature = (typ: string, body: string) => hmac(`signing:${typ}:${body}`);

export function signSigningToken(input: Omit<SigningClaims, "exp">, ttlSeconds = signingLinkTtlSeconds()): string {
  const claims: SigningClaims = { ...input, email: input.email.toLowerCase(), exp: Math.floor(Date.now() / 1000) + ttlSeconds };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${signature(claims.typ, body)}`;
}

export type SigningTokenCheck = { ok: true; claims: SigningClaims } | { ok: false; reason: "invalid" | "expired" };

/** Checks the signature, the shape and the expiry of a token of either purpose. */
export function verifySigningToken(token: string): SigningTokenCheck {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined || body.length > 2000) return { ok: false, reason: "invalid" };
  let claims: SigningClaims;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SigningClaims;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (claims?.typ !== "approval" && claims?.typ !== "signature") return { ok: false, reason: "invalid" };
  if (!safeEqual(sig, signature(claims.typ, body))) return { ok: false, reason: "invalid" };
  const strings = [claims.rid, claims.did, claims.aid, claims.email].every((value) => typeof value === "string" && value.length > 0);
  if (!strings || typeof claims.rat !== "number" || typeof claims.exp !== "number") return { ok: false, reason: "invalid" };
  if (claims.exp * 1000 <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}
