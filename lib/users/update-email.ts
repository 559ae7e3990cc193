import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { sendAuthTokenEmail } from "@/lib/sign-in/auth-token-email";
import { issueAuthToken } from "@/lib/sign-in/auth-tokens";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { verifyCurrentPassword } from "@/lib/sign-in/verify-current-password";
import type { UpdateEmailInput } from "@/lib/sign-in/schemas";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";

/**
 * Asks to change the sign-in address. Users with a password must confirm it. Nothing changes yet:
 * the new address gets a verification link, and only opening it makes it the user's address
 * (lib/auth/verify-email.ts), so nobody reaches what is addressed to someone else (a signer's or a
 * reviewer's request, an invitation) by typing their address. A newer request replaces the older
 * one's link. Throws WRONG_PASSWORD (TOO_MANY_ATTEMPTS after 5 wrong ones in 15 minutes) or
 * EMAIL_TAKEN.
 */
export async function updateEmail(ctx: ServiceContext, input: UpdateEmailInput): Promise<{ id: string }> {
  requireUser(ctx);
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (user.passwordHash) await verifyCurrentPassword(user, input.password);
  if (input.email === user.email) return { id: user.id };
  const taken = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw new AppError(AppErrorCode.EMAIL_TAKEN, { message: "An account with this email already exists." });
  await prepareEmailDelivery();
  // The link and its email commit together (issue 37).
  await db.$transaction(async (tx) => {
    // Links sent for an earlier change end here.
    await tx.authToken.updateMany({
      where: { userId: user.id, type: "verifyEmail", usedAt: null, NOT: { email: user.email } },
      data: { usedAt: new Date() },
    });
    await recordAudit(tx, ctx, {
      eventType: "user.emailChangeRequested",
      targetType: "user",
      targetId: user.id,
      payload: { from: user.email, to: input.email },
    });
    const token = await issueAuthToken(tx, { type: "verifyEmail", userId: user.id, email: input.email });
    await sendAuthTokenEmail(ctx, { user, type: "verifyEmail", token, to: input.email }, { tx });
  }, WITH_FOLLOW_UPS);
  return { id: user.id };
}
