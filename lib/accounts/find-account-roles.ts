import { db } from "@/lib/db";
import { rolePermissions } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "./scope";

/** The roles a member of the caller's account can hold: the global five and the account's own. */
export async function findAccountRoles(ctx: ServiceContext) {
  const { accountId } = accountScope(ctx);
  const roles = await db.accountRole.findMany({
    where: { OR: [{ global: true, accountId: null }, { accountId }] },
    orderBy: [{ global: "desc" }, { createdAt: "asc" }],
  });
  return roles.map(withEffectivePermissions);
}

/** Global roles take their permissions from lib/auth/permissions.ts, not from the row. */
export function withEffectivePermissions<T extends { global: boolean; name: string; permissions: string[] }>(role: T): T {
  return role.global ? { ...role, permissions: [...rolePermissions(role)] } : role;
}
