import { getTranslations } from "next-intl/server";
import { SectionTabs } from "@/components/layout/section-tabs";

/** The sections of workspace settings that exist so far (the others come with their features). */
export async function WorkspaceTabs() {
  const t = await getTranslations("settings");
  const ti = await getTranslations("integrations");
  return (
    <SectionTabs
      label={t("workspaceTabs")}
      heading={<p className="mb-2 text-sm font-medium text-zinc-500">{t("workspaceTitle")}</p>}
      tabs={[
        { href: "/settings/ws/settings", label: t("workspaceSettings") },
        { href: "/settings/ws/users", label: t("users") },
        { href: "/settings/ws/roles", label: t("roles") },
        { href: "/settings/ws/integrations", label: ti("title") },
        { href: "/settings/ws/appearance", label: t("appearance") },
        { href: "/settings/ws/billing", label: t("billing") },
        { href: "/settings/ws/categories", label: t("categories") },
        { href: "/settings/ws/tags", label: t("tags") },
        { href: "/settings/ws/datastore", label: t("dataStore") },
      ]}
    />
  );
}
