import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";

/**
 * The categories a member of the account sees: the account's own and the global ones, each with
 * its effective `hidden` flag (global ones are hidden through the account's hiddenCategories).
 * Hidden ones are left out unless `includeHidden`.
 */
export async function findCategories(ctx: ServiceContext, input: { group?: string; includeHidden?: boolean } = {}) {
  const { accountId } = accountScope(ctx);
  const [categories, account] = await Promise.all([
    db.category.findMany({
      where: { OR: [{ accountId }, { accountId: null, global: true }], group: input.group },
      orderBy: [{ group: "asc" }, { name: "asc" }],
      take: 1000,
    }),
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { settings: true } }),
  ]);
  const hiddenGlobals = new Set(((account.settings as { hiddenCategories?: string[] }).hiddenCategories ?? []).map(String));
  return categories
    .map((category) => ({ ...category, hidden: category.global ? hiddenGlobals.has(category.id) : category.hidden }))
    .filter((category) => input.includeHidden || !category.hidden);
}
