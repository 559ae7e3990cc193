import { db } from "@/lib/db";
import { consumeAuthToken } from "./auth-tokens";
import type { ServiceContext } from "@/lib/auth/context";
import { startSession } from "@/lib/auth/session";

/**
 * Signs in with an emailed link. Following it proves the address, so it is marked verified.
 * Throws TOKEN_INVALID, TOKEN_USED or TOKEN_EXPIRED.
 */
export async function signInWithMagicLink(ctx: ServiceContext, token: string) {
  return db.$transaction(async (tx) => {
    const row = await consumeAuthToken(tx, "magicLink", token);
    const user = await tx.user.update({
      where: { id: row.userId },
      data: { emailVerified: new Date() },
    });
    const session = await startSession(tx, ctx, { userId: user.id, provider: "magic" });
    return { session, redirect: row.redirect, user: { id: user.id, language: user.language } };
  });
}
