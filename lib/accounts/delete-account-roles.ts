import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { getOwnRole } from "./save-account-role";
import { accountScope } from "./scope";

/**
 * Deletes roles of the caller's account, all or none: another account's role is NOT_FOUND, a
 * global role FORBIDDEN, and a role any membership or invitation still holds ROLE_IN_USE (give
 * those people another role first). Returns the deleted ids. Needs ManageMembers; audited.
 */
export async function deleteAccountRoles(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(ids)];
  return db.$transaction(async (tx) => {
    const roles = [];
    for (const id of unique) roles.push(await getOwnRole(tx, accountId, id));
    const holders = await tx.accountPolicy.groupBy({ by: ["roleId"], where: { accountId, roleId: { in: unique } }, _count: true });
    if (holders.length) {
      const name = roles.find((role) => role.id === holders[0].roleId)?.name ?? "";
      throw new AppError(AppErrorCode.ROLE_IN_USE, {
        message: `The role ${name} is still held by members or invitations: give them another role first.`,
        params: { name },
      });
    }
    await tx.accountRole.deleteMany({ where: { accountId, id: { in: unique }, global: false } });
    for (const role of roles) {
      await recordAudit(tx, ctx, {
        eventType: "accountRole.deleted",
        targetType: "accountRole",
        targetId: role.id,
        payload: { name: role.name },
      });
    }
    return unique;
  });
}
