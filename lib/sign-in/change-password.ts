import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { consumeAuthToken } from "./auth-tokens";
import type { ServiceContext } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/crypto";
import type { ChangePasswordInput } from "./schemas";
import { revokeUserSessions } from "@/lib/auth/session";
import { clearSignInFailures } from "@/lib/auth/throttle";

/**
 * Sets a new password from an emailed reset token and ends every open session of the user.
 * Throws TOKEN_INVALID, TOKEN_USED or TOKEN_EXPIRED.
 */
export async function changePassword(ctx: ServiceContext, input: ChangePasswordInput): Promise<{ done: true }> {
  const passwordHash = await hashPassword(input.password);
  const email = await db.$transaction(async (tx) => {
    const row = await consumeAuthToken(tx, "resetPassword", input.token);
    const user = await tx.user.update({
      where: { id: row.userId },
      // Following the emailed link proves the address.
      data: { passwordHash, emailVerified: new Date() },
    });
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, ctx, {
      userId: user.id,
      eventType: "user.passwordReset",
      targetType: "user",
      targetId: user.id,
    });
    return user.email;
  });
  await clearSignInFailures(email);
  return { done: true };
}
