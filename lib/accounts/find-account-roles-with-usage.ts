import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { findAccountRoles } from "./find-account-roles";
import { accountScope } from "./scope";

/**
 * The roles of `findAccountRoles` (the global five, then the account's own), each with `members`:
 * how many memberships of the caller's account hold it. Invitations and disabled members count,
 * as they do for `deleteAccountRoles` (ROLE_IN_USE). Needs ManageMembers: the counts say who is in
 * the workspace. Other accounts' memberships never count.
 */
export async function findAccountRolesWithUsage(ctx: ServiceContext) {
  const { accountId } = accountScope(ctx);
  const [roles, holders] = await Promise.all([
    findAccountRoles(ctx),
    db.accountPolicy.groupBy({ by: ["roleId"], where: { accountId }, _count: true }),
  ]);
  const counts = new Map(holders.map((holder) => [holder.roleId, holder._count]));
  return roles.map((role) => ({ ...role, members: counts.get(role.id) ?? 0 }));
}
