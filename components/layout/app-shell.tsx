import { getTranslations } from "next-intl/server";
import type { CSSProperties, ReactNode } from "react";
import { LanguageSwitcher } from "./language-switcher";
import { LazyAccountSwitcher } from "./lazy-account-switcher";
import { LazyTosModal } from "./lazy-tos-modal";
import type { VisibleEntry } from "@/lib/navigation/menu";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { brandScaleVariables } from "@/lib/accounts/brand-scale";
import { NavLink } from "./nav-link";
import { UpgradeEntry } from "./upgrade-entry";
import { UserMenu } from "./user-menu";

/** Side navigation and top bar, shown only to a signed-in user. */
export async function AppShell({
  user,
  accountName,
  canManageWorkspace = false,
  menu,
  brandColor,
  brandImage = null,
  upgrade = null,
  accounts = [],
  currentAccountId = null,
  children,
}: {
  accounts?: { id: string; name: string }[];
  currentAccountId?: string | null;
  brandColor?: string;
  /** The workspace's logo or avatar (its brand-image route). */
  brandImage?: string | null;
  upgrade?: UpgradeContact | null;
  menu: { key: VisibleEntry["key"]; href: string; upgrade: boolean; capability?: string | null }[];
  /** `tos: false` shows the terms dialog (spec section 4 "Session") on every signed-in screen. */
  user: { name: string; email: string; firstName?: string | null; tos?: boolean; avatar?: string | null };
  accountName: string | null;
  canManageWorkspace?: boolean;
  children: ReactNode;
}) {
  const [t, tc] = await Promise.all([getTranslations("nav"), getTranslations("common")]);
  return (
    <div
      className="flex min-h-screen flex-col md:flex-row"
      style={brandColor ? (brandScaleVariables(brandColor) as CSSProperties) : undefined}
    >
      <nav aria-label={t("mainNavigation")} className="border-b border-zinc-200 bg-white md:w-56 md:border-b-0 md:border-r">
        <div className="flex items-center gap-2 px-4 py-4 text-brand-700">
          {brandImage ? (
            // A plain <img>: the brand route needs the member's session cookie, and the file is small.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={brandImage} alt="" className="h-6 w-auto max-w-32 object-contain" />
          ) : (
            <span aria-hidden className="inline-block size-6 rounded bg-brand-600 ring-2 ring-accent-500/40" />
          )}
          <span className="font-semibold">{accountName ?? tc("appName")}</span>
        </div>
        <ul className="flex gap-1 px-2 pb-2 md:flex-col">
          {menu.map((entry) => (
            <li key={entry.key}>
              {entry.upgrade ? (
                <UpgradeEntry label={t(entry.key)} capability={entry.capability ?? null} contact={upgrade} />
              ) : (
                <NavLink href={entry.href}>{t(entry.key)}</NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-1 flex-col">
        <header className="flex items-center justify-end gap-4 border-b border-zinc-200 bg-white px-4 py-2">
          {/* Only with a workspace to switch to: otherwise the switcher shows nothing, and neither its props nor its script need travel. */}
          {accounts.length > 1 && <LazyAccountSwitcher accounts={accounts} current={currentAccountId} />}
          <LanguageSwitcher signedIn />
          <UserMenu name={user.name || user.email} email={user.email} canManageWorkspace={canManageWorkspace} avatar={user.avatar} />
        </header>
        <main className="flex-1 p-4 md:p-8">{children}</main>
        {user.tos === false && <LazyTosModal firstName={user.firstName || user.email} />}
      </div>
    </div>
  );
}
