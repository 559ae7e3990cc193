import type { AuthTokenType } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { appUrl, prepareEmailDelivery, sendEmail, type EmailTransaction } from "@/lib/email/send-email";
import { matchLocale } from "@/lib/i18n/locales";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { issueAuthToken, TOKEN_TTL_MINUTES } from "./auth-tokens";
import type { ServiceContext } from "@/lib/auth/context";

type Recipient = { id: string; email: string; firstName: string; language: string | null };

/** Where each emailed token leads. */
const LINK: Record<AuthTokenType, string> = {
  verifyEmail: "/verify-email",
  resetPassword: "/change-password",
  magicLink: "/vapp/auth/provider/magic/cb",
  invitation: "/invite",
};

/**
 * Emails a token already issued, in the user's language (else the request's). With `tx` (the
 * transaction that issued the token) the email and its delivery job are written in it, so the
 * token exists exactly when its email does (issue 37); call `prepareEmailDelivery()` before it.
 */
export async function sendAuthTokenEmail(
  ctx: ServiceContext,
  input: { user: Recipient; type: AuthTokenType; token: string; to?: string; params?: Record<string, string> },
  options: { tx?: EmailTransaction } = {},
) {
  await sendEmail(
    {
      to: input.to ?? input.user.email,
      template: input.type,
      locale: matchLocale(input.user.language) ?? ctx.locale,
      url: `${appUrl()}${LINK[input.type]}?token=${input.token}`,
      params: { name: input.user.firstName, minutes: TOKEN_TTL_MINUTES[input.type], ...input.params },
    },
    options,
  );
}

/** Issues a token (audited as `auditEvent`) and emails it, in one transaction. */
export async function issueAndSendAuthToken(
  ctx: ServiceContext,
  input: { user: Recipient; type: AuthTokenType; auditEvent: string; redirect?: string | null },
) {
  const { user, type } = input;
  await prepareEmailDelivery();
  await db.$transaction(async (tx) => {
    await recordAudit(tx, ctx, { userId: user.id, eventType: input.auditEvent, targetType: "user", targetId: user.id });
    const token = await issueAuthToken(tx, { type, userId: user.id, email: user.email, redirect: input.redirect });
    await sendAuthTokenEmail(ctx, { user, type, token }, { tx });
  }, WITH_FOLLOW_UPS);
}
