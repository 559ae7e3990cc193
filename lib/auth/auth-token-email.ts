import type { AuthTokenType } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { appUrl, sendEmail } from "@/lib/email/send-email";
import { matchLocale } from "@/lib/i18n/locales";
import { issueAuthToken, TOKEN_TTL_MINUTES } from "./auth-tokens";
import type { ServiceContext } from "./context";

type Recipient = { id: string; email: string; firstName: string; language: string | null };

/** Where each emailed token leads. */
const LINK: Record<AuthTokenType, string> = {
  verifyEmail: "/verify-email",
  resetPassword: "/change-password",
  magicLink: "/vapp/auth/provider/magic/cb",
  invitation: "/invite",
};

/** Emails a token already issued, in the user's language (else the request's). */
export async function sendAuthTokenEmail(
  ctx: ServiceContext,
  input: { user: Recipient; type: AuthTokenType; token: string; to?: string; params?: Record<string, string> },
) {
  await sendEmail({
    to: input.to ?? input.user.email,
    template: input.type,
    locale: matchLocale(input.user.language) ?? ctx.locale,
    url: `${appUrl()}${LINK[input.type]}?token=${input.token}`,
    params: { name: input.user.firstName, minutes: TOKEN_TTL_MINUTES[input.type], ...input.params },
  });
}

/** Issues a token (audited as `auditEvent`) and emails it. */
export async function issueAndSendAuthToken(
  ctx: ServiceContext,
  input: { user: Recipient; type: AuthTokenType; auditEvent: string; redirect?: string | null },
) {
  const { user, type } = input;
  const token = await db.$transaction(async (tx) => {
    await recordAudit(tx, ctx, { userId: user.id, eventType: input.auditEvent, targetType: "user", targetId: user.id });
    return issueAuthToken(tx, { type, userId: user.id, email: user.email, redirect: input.redirect });
  });
  await sendAuthTokenEmail(ctx, { user, type, token });
}
