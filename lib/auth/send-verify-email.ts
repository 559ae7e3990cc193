import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { appUrl, sendEmail } from "@/lib/email/send-email";
import { matchLocale } from "@/lib/i18n/locales";
import { issueAuthToken } from "./auth-tokens";
import type { ServiceContext } from "./context";

/**
 * Sends a new verification link when the address belongs to an unverified user. Answers the
 * same either way, so it never tells whether an address is registered.
 */
export async function sendVerifyEmail(ctx: ServiceContext, email: string): Promise<{ sent: true }> {
  const user = await db.user.findUnique({ where: { email } });
  if (user && !user.deleted && !user.emailVerified) {
    const token = await db.$transaction(async (tx) => {
      await recordAudit(tx, ctx, { userId: user.id, eventType: "user.verificationEmailSent", targetType: "user", targetId: user.id });
      return issueAuthToken(tx, { type: "verifyEmail", userId: user.id, email: user.email });
    });
    await sendEmail({
      to: user.email,
      template: "verifyEmail",
      locale: matchLocale(user.language) ?? ctx.locale,
      url: `${appUrl()}/verify-email?token=${token}`,
      params: { name: user.firstName },
    });
  }
  return { sent: true };
}
