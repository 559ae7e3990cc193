import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { ServiceContext } from "@/lib/auth/context";
import { startSession } from "@/lib/auth/session";

/**
 * Signs in (or signs up) the owner of a Google-verified address. A new user has no workspace
 * yet; the account guard sends them to create one.
 */
export async function signInWithGoogle(
  ctx: ServiceContext,
  input: { email: string; firstName?: string | null; lastName?: string | null; avatar?: string | null; verified: boolean },
) {
  if (!input.verified) {
    throw new AppError(AppErrorCode.EMAIL_NOT_VERIFIED, { message: "Your Google address is not verified." });
  }
  const email = input.email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email } });
    if (existing?.deleted) throw new AppError(AppErrorCode.INVALID_CREDENTIALS, { message: "This account was deleted." });
    const user =
      existing ??
      (await tx.user.create({
        data: {
          email,
          firstName: input.firstName ?? "",
          lastName: input.lastName ?? "",
          avatar: input.avatar ?? null,
          emailVerified: new Date(),
          language: ctx.locale,
        },
      }));
    if (!existing) {
      await recordAudit(tx, ctx, {
        userId: user.id,
        eventType: "user.registered",
        targetType: "user",
        targetId: user.id,
        payload: { provider: "google" },
      });
    } else if (!existing.emailVerified) {
      await tx.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } });
    }
    const session = await startSession(tx, ctx, { userId: user.id, provider: "google" });
    return { session };
  });
}
