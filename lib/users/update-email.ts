import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { sendAuthTokenEmail } from "@/lib/auth/auth-token-email";
import { issueAuthToken } from "@/lib/auth/auth-tokens";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { verifyPassword } from "@/lib/auth/crypto";
import type { UpdateEmailInput } from "@/lib/auth/schemas";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Changes the sign-in address. Users with a password must confirm it. The new address starts
 * unverified and gets a verification link. Throws WRONG_PASSWORD or EMAIL_TAKEN.
 */
export async function updateEmail(ctx: ServiceContext, input: UpdateEmailInput): Promise<{ id: string }> {
  requireUser(ctx);
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (user.passwordHash && !(input.password && (await verifyPassword(user.passwordHash, input.password)))) {
    throw new AppError(AppErrorCode.WRONG_PASSWORD, { message: "The current password is not correct." });
  }
  if (input.email === user.email) return { id: user.id };
  const taken = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw new AppError(AppErrorCode.EMAIL_TAKEN, { message: "An account with this email already exists." });
  const token = await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { email: input.email, emailVerified: null } });
    await recordAudit(tx, ctx, {
      eventType: "user.emailChanged",
      targetType: "user",
      targetId: user.id,
      payload: { from: user.email, to: input.email },
    });
    return issueAuthToken(tx, { type: "verifyEmail", userId: user.id, email: input.email });
  });
  await sendAuthTokenEmail(ctx, { user, type: "verifyEmail", token, to: input.email });
  return { id: user.id };
}
