import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { revokeUserSessions } from "@/lib/auth/session";

/**
 * Deletes the signed-in user's own account: marks the user deleted, frees the address, clears
 * the password, disables memberships and API tokens and ends every session. The audit keeps
 * the old address.
 */
export async function deleteUser(ctx: ServiceContext): Promise<{ deleted: true }> {
  requireUser(ctx);
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: ctx.userId } });
    await tx.user.update({
      where: { id: user.id },
      data: {
        deleted: true,
        deletedAt: new Date(),
        email: `deleted+${user.id}@deleted.invalid`,
        passwordHash: null,
        phone: null,
        avatar: null,
      },
    });
    await tx.accountPolicy.updateMany({ where: { userId: user.id }, data: { status: "disabled" } });
    await tx.accountToken.updateMany({ where: { userId: user.id }, data: { active: false } });
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, ctx, {
      eventType: "user.deleted",
      targetType: "user",
      targetId: user.id,
      payload: { email: user.email },
    });
  });
  return { deleted: true };
}
