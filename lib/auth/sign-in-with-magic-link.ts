import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { consumeAuthToken } from "./auth-tokens";
import type { ServiceContext } from "./context";
import { createSession } from "./session";

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
    const session = await createSession(tx, ctx, { userId: user.id, provider: "magic" });
    await recordAudit(tx, { ...ctx, via: "session", viaId: session.sessionId }, {
      userId: user.id,
      accountId: session.accountId,
      eventType: "user.signedIn",
      targetType: "user",
      targetId: user.id,
      payload: { provider: "magic" },
    });
    return { session, redirect: row.redirect, user: { id: user.id, language: user.language } };
  });
}
