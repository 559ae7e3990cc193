import { getTranslations } from "next-intl/server";
import { NavLink } from "@/components/layout/nav-link";

const TABS = [
  { href: "/settings/ws/settings", key: "workspaceSettings" },
  { href: "/settings/ws/users", key: "users" },
  { href: "/settings/ws/appearance", key: "appearance" },
  { href: "/settings/ws/categories", key: "categories" },
  { href: "/settings/ws/tags", key: "tags" },
] as const;

/** The sections of workspace settings that exist so far (the others come with their features). */
export async function WorkspaceTabs() {
  const t = await getTranslations("settings");
  return (
    <nav aria-label={t("workspaceTabs")} className="mb-6">
      <p className="mb-2 text-sm font-medium text-zinc-500">{t("workspaceTitle")}</p>
      <ul className="flex gap-2 border-b border-zinc-200 pb-2">
        {TABS.map((tab) => (
          <li key={tab.href}>
            <NavLink href={tab.href}>{t(tab.key)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
