import { db } from "@/lib/db";
import { issueAndSendAuthToken } from "./auth-token-email";
import type { ServiceContext } from "./context";
import type { ForgotPasswordInput } from "./schemas";

/** Emails a reset link to a registered address. The answer never hints whether it exists. */
export async function forgotPassword(ctx: ServiceContext, input: ForgotPasswordInput): Promise<{ sent: true }> {
  const user = await db.user.findUnique({ where: { email: input.email } });
  if (user && !user.deleted) {
    await issueAndSendAuthToken(ctx, { user, type: "resetPassword", auditEvent: "user.passwordResetRequested" });
  }
  return { sent: true };
}
