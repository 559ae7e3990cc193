import { db } from "@/lib/db";
import { issueAndSendAuthToken } from "./auth-token-email";
import type { ServiceContext } from "./context";

/**
 * Sends a new verification link when the address belongs to an unverified user. Answers the
 * same either way, so it never tells whether an address is registered.
 */
export async function sendVerifyEmail(ctx: ServiceContext, email: string): Promise<{ sent: true }> {
  const user = await db.user.findUnique({ where: { email } });
  if (user && !user.deleted && !user.emailVerified) {
    await issueAndSendAuthToken(ctx, { user, type: "verifyEmail", auditEvent: "user.verificationEmailSent" });
  }
  return { sent: true };
}
