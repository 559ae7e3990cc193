import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { revokeUserSessions } from "@/lib/auth/session";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { assertKeepsAnAdministrator } from "@/lib/accounts/roles";
import { storage } from "@/lib/storage/storage";
import { avatarFileOf } from "./user-avatar";

/**
 * Deletes the signed-in user's own account: marks the user deleted, frees the address, clears
 * the password, disables memberships and API tokens and ends every session. The audit keeps
 * the old address. Refuses with LAST_ADMINISTRATOR (and changes nothing) while the user is the
 * only active Administrator of a workspace: someone else must be made administrator first.
 */
export async function deleteUser(ctx: ServiceContext): Promise<{ deleted: true }> {
  requireUser(ctx);
  const avatarKey = await db.$transaction(async (tx) => {
    const administrated = await tx.accountPolicy.findMany({
      where: { userId: ctx.userId, roleId: GLOBAL_ROLE_IDS.Administrator, status: "active" },
      orderBy: { accountId: "asc" },
    });
    // In account order, so two deletions holding the same accounts lock them in the same order.
    for (const policy of administrated) await assertKeepsAnAdministrator(tx, policy.accountId, policy.id);
    // Then the user's row (after the accounts', the order its update took them in before): the
    // picture removed below is the one stored now, not one replaced by an upload at the same time.
    await lockRow(tx, "User", ctx.userId);
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
        metadata: { ...(user.metadata as Record<string, unknown>), avatarFile: undefined },
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
    return avatarFileOf(user.metadata)?.key;
  });
  // The picture goes with the account (after the commit: a failed deletion keeps it).
  if (avatarKey) await storage().delete(avatarKey);
  return { deleted: true };
}
