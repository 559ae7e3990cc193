import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";

/** Ends the current session. Returns false when there was none to end (spec: a failed logout returns false). */
export async function logout(ctx: ServiceContext): Promise<boolean> {
  if (ctx.via !== "session" || !ctx.viaId || !ctx.userId) return false;
  const sessionId = ctx.viaId;
  return db.$transaction(async (tx) => {
    const ended = await tx.session.updateMany({
      where: { id: sessionId, userId: ctx.userId!, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (ended.count !== 1) return false;
    await recordAudit(tx, ctx, { eventType: "user.signedOut", targetType: "user", targetId: ctx.userId });
    return true;
  });
}
