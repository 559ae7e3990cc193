import { db } from "@/lib/db";
import { issueAndSendAuthToken } from "./auth-token-email";
import type { ServiceContext } from "@/lib/auth/context";
import { AUTH_EMAILS_PER_USER, tryAttempts, VERIFY_EMAILS_PER_ADDRESS } from "@/lib/auth/throttle";

/**
 * Sends a new verification link when the address belongs to an unverified user. Answers the
 * same either way, so it never tells whether an address is registered; a few per address and per
 * user in a window (lib/auth/throttle.ts), then nothing more is sent.
 */
export async function sendVerifyEmail(ctx: ServiceContext, email: string): Promise<{ sent: true }> {
  if (!(await tryAttempts([{ throttle: VERIFY_EMAILS_PER_ADDRESS, id: email }])).ok) return { sent: true };
  const user = await db.user.findUnique({ where: { email } });
  if (user && !user.deleted && !user.emailVerified && (await tryAttempts([{ throttle: AUTH_EMAILS_PER_USER, id: user.id }])).ok) {
    await issueAndSendAuthToken(ctx, { user, type: "verifyEmail", auditEvent: "user.verificationEmailSent" });
  }
  return { sent: true };
}
