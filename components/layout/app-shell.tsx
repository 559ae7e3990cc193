import type { CSSProperties, ReactNode } from "react";
import { LanguageSelect } from "./language-select";
import { LazyAccountSwitcher } from "./lazy-account-switcher";
import { LazyTosModal } from "./lazy-tos-modal";
import { termsUrl } from "@/lib/navigation/terms-url";
import type { VisibleEntry } from "@/lib/navigation/menu";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { brandScaleVariables } from "@/lib/accounts/brand-scale";
import { getShellTexts, type ShellTexts } from "./shell-texts";
import { SideMenu } from "./side-menu";
import { UserMenu } from "./user-menu";

type AppShellProps = {
  accounts?: { id: string; name: string }[];
  currentAccountId?: string | null;
  brandColor?: string;
  /** The workspace's logo or avatar (its brand-image route). */
  brandImage?: string | null;
  upgrade?: UpgradeContact | null;
  menu: { key: VisibleEntry["key"]; href: string; upgrade: boolean; capability?: string | null }[];
  /** `tos: false` shows the terms dialog (spec section 4 "Session") on every signed-in screen. */
  user: { name: string; email: string; firstName?: string | null; tos?: boolean; avatar: string | null };
  accountName: string | null;
  canManageWorkspace?: boolean;
  children: ReactNode;
};

/** Side navigation and top bar, shown only to a signed-in user: reads its words, then renders ShellFrame. */
export async function AppShell(props: AppShellProps) {
  return <ShellFrame {...props} texts={await getShellTexts()} />;
}

/**
 * The shell with its words already read (getShellTexts): a synchronous component, so a page that
 * reads everything up front (components/settings/settings-page.tsx) has React render the shell in
 * the same pass as itself.
 */
export function ShellFrame({
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
  texts,
}: AppShellProps & { texts: ShellTexts }) {
  const entries = menu.map(({ key, href, upgrade: starred, capability }) =>
    starred ? { label: texts.menu[key], capability: capability ?? null } : { href, label: texts.menu[key] },
  );
  return (
    <div
      className="flex min-h-screen flex-col md:flex-row"
      style={brandColor ? (brandScaleVariables(brandColor) as CSSProperties) : undefined}
    >
      <nav aria-label={texts.mainNavigation} className="border-b border-zinc-200 bg-white md:w-56 md:border-b-0 md:border-r">
        <div className="flex items-center gap-2 px-4 py-4 text-brand-700">
          {brandImage ? (
            // A plain <img>: the brand route needs the member's session cookie, and the file is small.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={brandImage} alt="" className="h-6 w-auto max-w-32 object-contain" />
          ) : (
            <span aria-hidden className="inline-block size-6 rounded bg-brand-600 ring-2 ring-accent-500/40" />
          )}
          <span className="font-semibold">{accountName ?? texts.appName}</span>
        </div>
        <SideMenu entries={entries} upgrade={upgrade} />
      </nav>
      <div className="flex flex-1 flex-col">
        <header className="flex items-center justify-end gap-4 border-b border-zinc-200 bg-white px-4 py-2">
          {/* Only with a workspace to switch to: otherwise the switcher shows nothing, and neither its props nor its script need travel. */}
          {accounts.length > 1 && <LazyAccountSwitcher accounts={accounts} current={currentAccountId} />}
          <LanguageSelect {...texts.language} signedIn />
          <UserMenu name={user.name || user.email} email={user.email} canManageWorkspace={canManageWorkspace} avatar={user.avatar} />
        </header>
        <main className="flex-1 p-4 md:p-8">{children}</main>
        {user.tos === false && <LazyTosModal firstName={user.firstName || user.email} termsUrl={termsUrl()} />}
      </div>
    </div>
  );
}
