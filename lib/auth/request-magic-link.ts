import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { appUrl, sendEmail } from "@/lib/email/send-email";
import { matchLocale } from "@/lib/i18n/locales";
import { issueAuthToken, TOKEN_TTL_MINUTES } from "./auth-tokens";
import type { ServiceContext } from "./context";
import type { MagicLinkInput } from "./schemas";

/** Emails a one-time sign-in link to a registered address; answers the same for any address. */
export async function requestMagicLink(ctx: ServiceContext, input: MagicLinkInput): Promise<{ sent: true }> {
  const user = await db.user.findUnique({ where: { email: input.email } });
  if (user && !user.deleted) {
    const token = await db.$transaction(async (tx) => {
      await recordAudit(tx, ctx, { userId: user.id, eventType: "user.magicLinkSent", targetType: "user", targetId: user.id });
      return issueAuthToken(tx, { type: "magicLink", userId: user.id, email: user.email, redirect: input.redirect ?? null });
    });
    await sendEmail({
      to: user.email,
      template: "magicLink",
      locale: matchLocale(user.language) ?? ctx.locale,
      url: `${appUrl()}/vapp/auth/provider/magic/cb?token=${token}`,
      params: { name: user.firstName, minutes: TOKEN_TTL_MINUTES.magicLink },
    });
  }
  return { sent: true };
}
