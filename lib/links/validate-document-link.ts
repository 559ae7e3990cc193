/**
 * SECURITY-CRITICAL. Opening a share link: a visitor (no account needed) proves they hold a live
 * link, and for a secure link that they own an allowed address, and gets an access token and a
 * refresh token (spec: "Link validation returns accessToken and refreshToken").
 */
import { db } from "@/lib/db";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { randomToken } from "@/lib/auth/crypto";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { addressAllowed, linkContext, linkExpired, loadLiveLink, type LiveLink } from "./link-access";
import { clearAttempts, takeAttempts } from "@/lib/auth/throttle";
import { codeKeys, isValidLinkCode, sendKeys, sendLinkCodeEmail } from "./link-code";
import { signLinkAccessToken, signLinkRefreshToken, verifyLinkRefreshToken } from "./link-tokens";
import type { z } from "zod";
import type { validateLinkSchema } from "./schemas";

export type LinkTokens = {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts. */
  expiresIn: number;
  document: { id: string; name: string };
  role: DocumentRoleName;
};

/**
 * The three answers: the link is open (tokens), a secure link wants the visitor's address, or
 * the code was emailed to it.
 */
export type LinkValidation = ({ status: "valid" } & LinkTokens) | { status: "emailRequired" } | { status: "codeSent"; email: string };

/** Records the access (accessedAt, audit) and issues the tokens. */
async function openLink(ctx: ServiceContext, link: LiveLink, email: string | null): Promise<LinkTokens> {
  await db.$transaction(async (tx) => {
    // accessedAt is not a setting: keep updatedAt meaning "settings last changed".
    await tx.documentLink.updateMany({ where: { id: link.id }, data: { accessedAt: new Date(), updatedAt: link.updatedAt } });
    await recordAudit(tx, linkContext(ctx, link), {
      eventType: "link.accessed",
      targetType: "document",
      targetId: link.documentId,
      payload: { email, role: link.role },
    });
  });
  // Each validation starts a new visit (see `vid` in link-tokens.ts).
  return issueTokens(link, email, randomToken(12));
}

function issueTokens(link: LiveLink, email: string | null, vid: string, refreshExp?: number): LinkTokens {
  const access = signLinkAccessToken(
    { lid: link.id, did: link.documentId, aid: link.accountId, role: link.role, email, vid },
    link.expiredAt,
  );
  return {
    accessToken: access.token,
    refreshToken: signLinkRefreshToken({ lid: link.id, email, vid }, refreshExp),
    expiresIn: access.expiresIn,
    document: { id: link.document.id, name: link.document.name },
    role: link.role,
  };
}

const addressRefused = () => linkExpired({ reason: "address" });

/**
 * Validates a link for a visitor. LINK_EXPIRED when the link is unknown, deleted or past its
 * expiry (and, with details.reason "address", when a secure link refuses the address). A secure
 * link first answers emailRequired, then emails a code to an allowed address (codeSent), then
 * opens with that address and code; a wrong code is VALIDATION_FAILED (details.reason "code"),
 * too many wrong codes or emails (per address, per IP when known, per link) TOO_MANY_ATTEMPTS.
 */
export async function validateDocumentLink(
  ctx: ServiceContext,
  linkId: string,
  input: z.output<typeof validateLinkSchema> = {},
): Promise<LinkValidation> {
  const link = await loadLiveLink(linkId);
  if (!link.isSecure) return { status: "valid", ...(await openLink(ctx, link, null)) };
  if (!input.email) return { status: "emailRequired" };
  const email = input.email;
  if (!addressAllowed(link, email)) {
    await recordAudit(db, linkContext(ctx, link), {
      eventType: "link.refused",
      targetType: "document",
      targetId: link.documentId,
      payload: { email },
    });
    throw addressRefused();
  }
  if (!input.code) {
    await takeAttempts(sendKeys(link.id, email, ctx.ip));
    await prepareEmailDelivery();
    // The code's email and its record commit together (issue 37).
    await db.$transaction(async (tx) => {
      await sendLinkCodeEmail(tx, { to: email, locale: ctx.locale, linkId: link.id, account: link.document.account.name });
      await recordAudit(tx, linkContext(ctx, link), {
        eventType: "link.codeSent",
        targetType: "document",
        targetId: link.documentId,
        payload: { email },
      });
    }, WITH_FOLLOW_UPS);
    return { status: "codeSent", email };
  }
  // Counted before the code is compared: concurrent guesses past a limit get no verdict.
  const keys = codeKeys(link.id, email, ctx.ip);
  const attempt = await takeAttempts(keys);
  if (!isValidLinkCode(link.id, email, input.code)) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "The code is not valid.",
      params: { fields: "code" },
      details: { reason: "code", fields: [{ path: "code", code: "invalid", message: "The code is not valid." }] },
    });
  }
  // The right code: the address starts again, the IP and the link get the attempt back.
  await clearAttempts(keys.slice(0, 1));
  await attempt.giveBack(keys.slice(1));
  return { status: "valid", ...(await openLink(ctx, link, email)) };
}

/**
 * Swaps a refresh token for a new access token (and a refresh token ending at the same time:
 * refreshing never extends a visit past LINK_REFRESH_TTL_SECONDS). SESSION_EXPIRED for an old or
 * forged refresh token, LINK_EXPIRED when the link is gone, expired, or refuses the address now.
 */
export async function refreshDocumentLinkToken(_ctx: ServiceContext, refreshToken: string): Promise<LinkTokens> {
  const verified = verifyLinkRefreshToken(refreshToken);
  if (!verified.ok) throw new AppError(AppErrorCode.SESSION_EXPIRED, { message: "Open the shared link again." });
  const { claims } = verified;
  const link = await loadLiveLink(claims.lid);
  if (link.isSecure && (!claims.email || !addressAllowed(link, claims.email)))
    throw new AppError(AppErrorCode.SESSION_EXPIRED, { message: "Open the shared link again." });
  await db.documentLink.updateMany({ where: { id: link.id }, data: { accessedAt: new Date(), updatedAt: link.updatedAt } });
  return issueTokens(link, claims.email, claims.vid ?? randomToken(12), claims.exp);
}
