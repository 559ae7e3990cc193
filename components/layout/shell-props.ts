import "server-only";
import type { AuthedContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { layoutColor } from "@/lib/accounts/brand";
import { visibleMenu } from "@/lib/navigation/menu";
import { getMe } from "@/lib/users/get-me";

/** What the side navigation and top bar need for the signed-in user. */
export async function getShellProps(ctx: AuthedContext) {
  const me = await getMe(ctx);
  const current = me.policies.find((policy) => policy.accountId === ctx.accountId) ?? null;
  return {
    me,
    current,
    /** The props of AppShell. */
    shell: {
      user: { name: me.name, email: me.email },
      accountName: current?.account.name ?? null,
      canManageWorkspace: can(ctx, ["ManageMembers", "ManageAccount"]),
      brandColor: layoutColor(current?.account.brand, ctx.capabilities),
      accounts: me.policies.map((policy) => ({ id: policy.account.id, name: policy.account.name })),
      currentAccountId: ctx.accountId,
      menu: visibleMenu(ctx).map(({ key, href, upgrade }) => ({ key, href, upgrade })),
    },
  };
}
