import { getTranslations } from "next-intl/server";
import { NavLink } from "@/components/layout/nav-link";

const TABS = [
  { href: "/settings/profile", key: "profile" },
  { href: "/settings/security", key: "security" },
  { href: "/settings/preferences", key: "preferences" },
] as const;

/** The sections of the user's own settings. */
export async function SettingsTabs() {
  const t = await getTranslations("settings");
  return (
    <nav aria-label={t("tabs")} className="mb-6">
      <h1 className="mb-3 text-2xl font-semibold">{t("title")}</h1>
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
