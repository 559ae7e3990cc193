import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/crypto";
import { verifyCurrentPassword } from "@/lib/sign-in/verify-current-password";
import type { SetPasswordInput, UpdatePasswordInput } from "@/lib/sign-in/schemas";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Changes the password after checking the current one (WRONG_PASSWORD; TOO_MANY_ATTEMPTS after 5
 * wrong ones in 15 minutes). Other sessions are ended; this one stays.
 */
export async function updatePassword(ctx: ServiceContext, input: UpdatePasswordInput): Promise<{ done: true }> {
  requireUser(ctx);
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  await verifyCurrentPassword(user, input.currentPassword);
  await savePassword(ctx, input.password, "user.passwordChanged");
  return { done: true };
}

/** Sets a first password for a user who has none (magic-link or provider sign-ups). */
export async function setPassword(ctx: ServiceContext, input: SetPasswordInput): Promise<{ done: true }> {
  requireUser(ctx);
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { passwordHash: true } });
  if (user.passwordHash) {
    throw new AppError(AppErrorCode.PASSWORD_ALREADY_SET, { message: "This account already has a password." });
  }
  await savePassword(ctx, input.password, "user.passwordSet");
  return { done: true };
}

async function savePassword(ctx: ServiceContext & { userId: string }, password: string, eventType: string) {
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: ctx.userId }, data: { passwordHash } });
    await tx.session.updateMany({
      where: { userId: ctx.userId, revokedAt: null, NOT: ctx.via === "session" && ctx.viaId ? { id: ctx.viaId } : undefined },
      data: { revokedAt: new Date() },
    });
    await recordAudit(tx, ctx, { eventType, targetType: "user", targetId: ctx.userId });
  });
}
