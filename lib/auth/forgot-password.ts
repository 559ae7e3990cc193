import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { appUrl, sendEmail } from "@/lib/email/send-email";
import { matchLocale } from "@/lib/i18n/locales";
import { issueAuthToken, TOKEN_TTL_MINUTES } from "./auth-tokens";
import type { ServiceContext } from "./context";
import type { ForgotPasswordInput } from "./schemas";

/** Emails a reset link to a registered address. The answer never hints whether it exists. */
export async function forgotPassword(ctx: ServiceContext, input: ForgotPasswordInput): Promise<{ sent: true }> {
  const user = await db.user.findUnique({ where: { email: input.email } });
  if (user && !user.deleted) {
    const token = await db.$transaction(async (tx) => {
      await recordAudit(tx, ctx, { userId: user.id, eventType: "user.passwordResetRequested", targetType: "user", targetId: user.id });
      return issueAuthToken(tx, { type: "resetPassword", userId: user.id, email: user.email });
    });
    await sendEmail({
      to: user.email,
      template: "resetPassword",
      locale: matchLocale(user.language) ?? ctx.locale,
      url: `${appUrl()}/change-password?token=${token}`,
      params: { name: user.firstName, minutes: TOKEN_TTL_MINUTES.resetPassword },
    });
  }
  return { sent: true };
}
