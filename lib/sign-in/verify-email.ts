import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { consumeAuthToken } from "./auth-tokens";
import type { ServiceContext } from "@/lib/auth/context";

/**
 * Verifies the address a token was sent to. When it is another than the user's (a change asked
 * for in settings, lib/users/update-email.ts), it becomes the user's address now, verified.
 * Throws TOKEN_INVALID, TOKEN_USED, TOKEN_EXPIRED, or EMAIL_TAKEN when another account took the
 * new address meanwhile.
 */
export async function verifyEmail(ctx: ServiceContext, token: string): Promise<{ id: string; email: string }> {
  return db.$transaction(async (tx) => {
    const row = await consumeAuthToken(tx, "verifyEmail", token);
    const before = await tx.user.findUniqueOrThrow({ where: { id: row.userId }, select: { email: true } });
    const changed = row.email !== before.email;
    if (changed && (await tx.user.findUnique({ where: { email: row.email }, select: { id: true } })))
      throw new AppError(AppErrorCode.EMAIL_TAKEN, { message: "An account with this email already exists." });
    const user = await tx.user.update({
      where: { id: row.userId },
      data: { emailVerified: new Date(), ...(changed ? { email: row.email } : {}) },
    });
    if (changed)
      await recordAudit(tx, ctx, {
        userId: user.id,
        eventType: "user.emailChanged",
        targetType: "user",
        targetId: user.id,
        payload: { from: before.email, to: row.email },
      });
    await recordAudit(tx, ctx, {
      userId: user.id,
      eventType: "user.emailVerified",
      targetType: "user",
      targetId: user.id,
      payload: { email: row.email },
    });
    return { id: user.id, email: user.email };
  });
}
