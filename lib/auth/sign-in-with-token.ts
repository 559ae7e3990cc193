import { db } from "@/lib/db";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { ServiceContext } from "./context";
import { hashToken } from "./crypto";
import { startSession } from "./session";
import { countApiKeyFailure } from "./throttle";

/** Finds an active API token by its key (for sign-in and the public API); null if none. */
export async function findActiveToken(key: string) {
  const token = await db.accountToken.findUnique({
    where: { keyHash: hashToken(key) },
    include: { user: { select: { id: true, deleted: true } }, account: { select: { active: true } } },
  });
  if (!token || !token.active || token.user.deleted || !token.account.active) return null;
  return token;
}

/**
 * Exchanges an API token for a session in the token's account, acting as the member who made
 * it. Counts the use. Throws UNAUTHENTICATED for an unknown or revoked key (TOO_MANY_ATTEMPTS
 * past the failure limits of API keys).
 */
export async function signInWithToken(ctx: ServiceContext, key: string) {
  const token = await findActiveToken(key);
  if (!token) {
    // Past the failure limits of API keys this is TOO_MANY_ATTEMPTS instead (lib/auth/throttle.ts).
    await countApiKeyFailure(ctx.ip);
    throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "The access token is not valid." });
  }
  return db.$transaction(async (tx) => {
    await tx.accountToken.update({
      where: { id: token.id },
      data: { used: { increment: 1 }, usedAt: new Date() },
    });
    const session = await startSession(
      tx,
      { ...ctx, via: "token", viaId: token.id },
      {
        userId: token.userId,
        provider: "token",
        accountId: token.accountId,
        payload: { tokenId: token.id },
      },
    );
    return { session };
  });
}
