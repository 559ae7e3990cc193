import { db } from "@/lib/db";
import { issueAndSendAuthToken } from "./auth-token-email";
import type { ServiceContext } from "@/lib/auth/context";
import type { ForgotPasswordInput } from "./schemas";
import { AUTH_EMAILS_PER_USER, RESETS_PER_ADDRESS, tryAttempts } from "@/lib/auth/throttle";

/**
 * Emails a reset link to a registered address. The answer never hints whether it exists. A few
 * per address and per user in a window (lib/auth/throttle.ts); past them it answers the same and
 * sends nothing.
 */
export async function forgotPassword(ctx: ServiceContext, input: ForgotPasswordInput): Promise<{ sent: true }> {
  if (!(await tryAttempts([{ throttle: RESETS_PER_ADDRESS, id: input.email }])).ok) return { sent: true };
  const user = await db.user.findUnique({ where: { email: input.email } });
  if (user && !user.deleted && (await tryAttempts([{ throttle: AUTH_EMAILS_PER_USER, id: user.id }])).ok) {
    await issueAndSendAuthToken(ctx, { user, type: "resetPassword", auditEvent: "user.passwordResetRequested" });
  }
  return { sent: true };
}
