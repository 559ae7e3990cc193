import { db } from "@/lib/db";
import { ROLE_PERMISSIONS, type RoleName } from "@/lib/auth/permissions";

/**
 * The permission that makes a member one of the workspace's administrators: whoever can manage
 * members is who can grant more access (and, once billing lands, change the plan with
 * ManageBilling, which the same roles hold).
 */
export const ADMINISTRATOR_PERMISSION = "ManageMembers";

const GLOBAL_ADMIN_ROLES = (Object.keys(ROLE_PERMISSIONS) as RoleName[]).filter((name) =>
  ROLE_PERMISSIONS[name].includes(ADMINISTRATOR_PERMISSION),
);

/**
 * The active, not deleted members of `accountId` whose role grants ManageMembers (a global role
 * by the permission table, an account's own role by its stored permissions), oldest first. Internal:
 * callers have already scoped `accountId` to the caller's account.
 */
export async function findAccountAdministrators(accountId: string) {
  const policies = await db.accountPolicy.findMany({
    where: {
      accountId,
      status: "active",
      user: { deleted: false },
      role: {
        OR: [
          { global: true, name: { in: GLOBAL_ADMIN_ROLES } },
          { global: false, accountId, permissions: { has: ADMINISTRATOR_PERMISSION } },
        ],
      },
    },
    orderBy: { createdAt: "asc" },
    select: { user: { select: { id: true, email: true, firstName: true, language: true } } },
  });
  return policies.map((policy) => policy.user);
}
