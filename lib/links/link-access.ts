/**
 * SECURITY-CRITICAL. The narrow door share-link visitors come through. They have no user and
 * no account context, so nothing here goes through requireDocumentRole: a live link (known, not
 * expired, its workspace active) reaches exactly its one document, with the link's role, and
 * every request checks the link again. A change here comes with a test showing that an expired
 * or deleted link, or a token of another link, still reaches nothing.
 */
import { db } from "@/lib/db";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { hashToken } from "@/lib/auth/crypto";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { verifyLinkAccessToken } from "./link-tokens";

/**
 * The link's id is its secret (docs/share-links.md), so audit rows, throttle keys and logs name
 * a link by this fingerprint instead: whoever reads the audit cannot open the link.
 */
export const linkRef = (linkId: string) => `lnk_${hashToken(`link:${linkId}`).slice(0, 20)}`;

export const isLinkExpired = (link: { expiredAt: Date | null }, now = new Date()) =>
  link.expiredAt !== null && link.expiredAt.getTime() <= now.getTime();

export const linkExpired = (details: Record<string, unknown> = {}) =>
  new AppError(AppErrorCode.LINK_EXPIRED, { message: "This link has expired or is no longer available.", details });

/**
 * Whether an address may open a secure link: not on the deny list, and on the allow list when
 * there is one. A domain entry covers the domain and its sub-domains.
 */
export function addressAllowed(link: { allowList: string[]; denyList: string[] }, email: string): boolean {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf("@") + 1);
  const matches = (entry: string) => (entry.includes("@") ? entry === address : domain === entry || domain.endsWith(`.${entry}`));
  if (link.denyList.some(matches)) return false;
  return link.allowList.length === 0 || link.allowList.some(matches);
}

const liveLinkInclude = {
  document: { select: { id: true, name: true, status: true, account: { select: { id: true, name: true, active: true } } } },
} as const;

/** The link behind an id, or LINK_EXPIRED when it is unknown, past its expiry or its workspace is closed. */
export async function loadLiveLink(linkId: string) {
  const link = linkId.length <= 64 ? await db.documentLink.findUnique({ where: { id: linkId }, include: liveLinkInclude }) : null;
  if (!link || isLinkExpired(link) || !link.document.account.active || link.document.account.id !== link.accountId) throw linkExpired();
  return link;
}

export type LiveLink = Awaited<ReturnType<typeof loadLiveLink>>;

/** The context audit rows of a link visitor are written with: the link's account, no user. */
export function linkContext(ctx: ServiceContext, link: { id: string; accountId: string }): ServiceContext {
  return anonymousContext({
    accountId: link.accountId,
    via: "link",
    viaId: linkRef(link.id),
    locale: ctx.locale,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

/**
 * Checks a link access token (from `Authorization: Bearer`) and the link it names, now.
 * UNAUTHENTICATED for a missing or forged token, SESSION_EXPIRED for an old one (refresh it),
 * LINK_EXPIRED when the link is gone or expired, or the visitor's address is no longer allowed.
 */
export async function requireLinkAccess(token: string | null) {
  if (!token) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Open the shared link again." });
  const verified = verifyLinkAccessToken(token);
  if (!verified.ok) {
    throw verified.reason === "expired"
      ? new AppError(AppErrorCode.SESSION_EXPIRED, { message: "The access token has expired. Refresh it." })
      : new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Open the shared link again." });
  }
  const { claims } = verified;
  const link = await loadLiveLink(claims.lid);
  if (link.documentId !== claims.did || link.accountId !== claims.aid) throw linkExpired();
  // The link may have become secure, or the address been denied, since the token was issued.
  if (link.isSecure && (!claims.email || !addressAllowed(link, claims.email))) {
    throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Open the shared link again." });
  }
  return { link, email: claims.email, visitorId: typeof claims.vid === "string" && claims.vid ? claims.vid : null, role: link.role };
}

/** Reads the bearer token of a request's Authorization header. */
export const bearerToken = (authorization: string | null) =>
  authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() || null : null;
