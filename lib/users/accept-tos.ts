import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";

/** Records that the user accepted the terms of service; returns the user id. */
export async function acceptTos(ctx: ServiceContext): Promise<{ id: string }> {
  requireUser(ctx);
  return db.$transaction(async (tx) => {
    const user = await tx.user.update({
      where: { id: ctx.userId },
      data: { tos: true, tosAcceptedAt: new Date() },
      select: { id: true },
    });
    await recordAudit(tx, ctx, { eventType: "user.tosAccepted", targetType: "user", targetId: user.id });
    return user;
  });
}
