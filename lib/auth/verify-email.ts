import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { consumeAuthToken } from "./auth-tokens";
import type { ServiceContext } from "./context";

/** Marks the address of the token's user verified. Throws TOKEN_INVALID, TOKEN_USED or TOKEN_EXPIRED. */
export async function verifyEmail(ctx: ServiceContext, token: string): Promise<{ id: string; email: string }> {
  return db.$transaction(async (tx) => {
    const row = await consumeAuthToken(tx, "verifyEmail", token);
    const user = await tx.user.update({ where: { id: row.userId }, data: { emailVerified: new Date() } });
    await recordAudit(tx, ctx, {
      userId: user.id,
      eventType: "user.emailVerified",
      targetType: "user",
      targetId: user.id,
      payload: { email: row.email },
    });
    return { id: user.id, email: user.email };
  });
}
