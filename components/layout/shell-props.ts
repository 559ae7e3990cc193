import "server-only";
import type { AuthedContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { DEFAULT_BRAND_COLOR, layoutColor } from "@/lib/accounts/brand";
import { getUpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { visibleMenu } from "@/lib/navigation/menu";
import { getMe } from "@/lib/users/get-me";

/** What the side navigation and top bar need for the signed-in user. */
export async function getShellProps(ctx: AuthedContext) {
  const me = await getMe(ctx);
  const current = me.policies.find((policy) => policy.accountId === ctx.accountId) ?? null;
  const menu = visibleMenu(ctx).map(({ key, href, upgrade, capability }) => ({ key, href, upgrade, capability: capability ?? null }));
  // Looked up only when a starred entry can open the upgrade prompt.
  const upgrade = menu.some((entry) => entry.upgrade) ? await getUpgradeContact(ctx) : null;
  const color = layoutColor(current?.account.brand, ctx.capabilities);
  return {
    me,
    current,
    /** The props of AppShell. */
    shell: {
      /** With `tos` and the first name: the shell shows the terms dialog until they are accepted. */
      user: { name: me.name, email: me.email, firstName: me.firstName, tos: me.tos, avatar: ownAvatar(me.avatar) },
      accountName: current?.account.name ?? null,
      canManageWorkspace: can(ctx, ["ManageMembers", "ManageAccount"]),
      /** The account's colour when its plan allows one; the theme's violet otherwise. */
      brandColor: color === DEFAULT_BRAND_COLOR ? undefined : color,
      brandImage: brandImageOf(current?.account.brand),
      accounts: me.policies.map((policy) => ({ id: policy.account.id, name: policy.account.name })),
      currentAccountId: ctx.accountId,
      menu,
      upgrade,
    },
  };
}

/** The user's uploaded picture (our own route), else none: the menu then shows initials. */
const ownAvatar = (avatar: string | null | undefined) =>
  typeof avatar === "string" && /^\/vapp\/users\/avatar(?:\?v=[\w-]+)?$/.test(avatar) ? avatar : null;

/** The workspace's logo, else its avatar: only our own brand-image route, never a stored URL. */
function brandImageOf(brand: unknown): string | null {
  const { logo, avatar } = (brand ?? {}) as { logo?: unknown; avatar?: unknown };
  for (const image of [logo, avatar]) {
    if (typeof image === "string" && /^\/vapp\/accounts\/brand\/(?:logo|avatar)(?:\?v=[\w-]+)?$/.test(image)) return image;
  }
  return null;
}
