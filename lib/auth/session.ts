import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { getAccountIdBySlug } from "@/lib/auth/get-account-id-by-slug";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import type { ServiceContext } from "./context";
import { hashToken, randomToken } from "./crypto";
import { SESSION_MAX_AGE_SECONDS, signSessionJwt, type IssuedSession } from "./session-jwt";

/**
 * Sessions are rows; the browser holds a next-auth JWT naming the row (cookie, or a bearer token
 * for API clients) plus a refresh token. Revoking the row (logout, password change) ends the
 * session everywhere even though the JWT has not expired.
 */

type Tx = Pick<Prisma.TransactionClient, "session" | "accountPolicy" | "user">;

/** The first account among the user's active memberships (spec section 4, "Session"). */
export async function firstAccountId(tx: Pick<Prisma.TransactionClient, "accountPolicy">, userId: string) {
  const policy = await tx.accountPolicy.findFirst({
    where: { userId, status: "active", account: { active: true } },
    orderBy: { createdAt: "asc" },
    select: { accountId: true },
  });
  return policy?.accountId ?? null;
}

/**
 * The workspace a sign-in from `/login/:slug` (a workspace sub-domain) starts in: the slug's, as
 * `/login/:slug` resolves it, when the user is an active member of it; null otherwise (an unknown
 * slug or another workspace is ignored, and the session starts in the first workspace as usual).
 * Call it before the sign-in's transaction: it reads outside it.
 */
export async function memberAccountIdBySlug(userId: string, slug: string | null | undefined): Promise<string | null> {
  if (!slug) return null;
  let accountId: string;
  try {
    accountId = (await getAccountIdBySlug(slug)).id;
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.SAML_SLUG_UNKNOWN) return null;
    throw error;
  }
  const policy = await db.accountPolicy.findFirst({
    where: { accountId, userId, status: "active", account: { active: true } },
    select: { accountId: true },
  });
  return policy?.accountId ?? null;
}

export async function createSession(
  tx: Tx,
  ctx: ServiceContext,
  input: { userId: string; provider: string; accountId?: string | null },
): Promise<IssuedSession> {
  const refreshToken = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const accountId = input.accountId !== undefined ? input.accountId : await firstAccountId(tx, input.userId);
  const session = await tx.session.create({
    data: {
      userId: input.userId,
      accountId,
      provider: input.provider,
      refreshTokenHash: hashToken(refreshToken),
      expiresAt,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500),
    },
  });
  const user = await tx.user.findUnique({ where: { id: input.userId }, select: { internal: true } });
  const accessToken = await signSessionJwt({ sub: input.userId, sid: session.id, aid: accountId, int: user?.internal || undefined });
  return { sessionId: session.id, userId: input.userId, accountId, accessToken, refreshToken, expiresAt };
}

/** Swaps a refresh token for a new access token and a new refresh token (the old one dies). */
export async function refreshSession(ctx: ServiceContext, refreshToken: string): Promise<IssuedSession> {
  const session = await db.session.findUnique({ where: { refreshTokenHash: hashToken(refreshToken) } });
  if (!session || session.revokedAt || session.expiresAt < new Date()) {
    throw new AppError(AppErrorCode.SESSION_EXPIRED, { message: "Your session has ended. Sign in again." });
  }
  const next = randomToken();
  const rotated = await db.$transaction(async (tx) => {
    const result = await tx.session.updateMany({
      where: { id: session.id, refreshTokenHash: session.refreshTokenHash, revokedAt: null },
      data: { refreshTokenHash: hashToken(next), lastUsedAt: new Date() },
    });
    if (result.count === 1) {
      await recordAudit(
        tx,
        { ...ctx, via: "session", viaId: session.id },
        {
          userId: session.userId,
          accountId: session.accountId,
          eventType: "session.refreshed",
          targetType: "session",
          targetId: session.id,
        },
      );
    }
    return result;
  });
  if (rotated.count !== 1) {
    throw new AppError(AppErrorCode.SESSION_EXPIRED, { message: "Your session has ended. Sign in again." });
  }
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { internal: true } });
  const accessToken = await signSessionJwt({
    sub: session.userId,
    sid: session.id,
    aid: session.accountId,
    int: user?.internal || undefined,
  });
  return {
    sessionId: session.id,
    userId: session.userId,
    accountId: session.accountId,
    accessToken,
    refreshToken: next,
    expiresAt: session.expiresAt,
  };
}

/** Ends every open session of a user (password change, account deletion). */
export async function revokeUserSessions(tx: Pick<Prisma.TransactionClient, "session">, userId: string) {
  await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Creates the session of a successful sign-in and audits it (`user.signedIn`, with the provider). */
export async function startSession(
  tx: Tx & Pick<Prisma.TransactionClient, "audit">,
  ctx: ServiceContext,
  input: { userId: string; provider: string; accountId?: string | null; payload?: Record<string, string> },
): Promise<IssuedSession> {
  const session = await createSession(tx, ctx, input);
  const via = input.provider === "token" ? ctx : { ...ctx, via: "session" as const, viaId: session.sessionId };
  await recordAudit(tx, via, {
    userId: input.userId,
    accountId: session.accountId,
    eventType: "user.signedIn",
    targetType: "user",
    targetId: input.userId,
    payload: { provider: input.provider, ...input.payload },
  });
  return session;
}
