import { getTranslations } from "next-intl/server";
import { SectionTabs } from "@/components/layout/section-tabs";

/** The sections of the user's own settings. */
export async function SettingsTabs() {
  const t = await getTranslations("settings");
  return (
    <SectionTabs
      label={t("tabs")}
      heading={<h1 className="mb-3 text-2xl font-semibold">{t("title")}</h1>}
      tabs={[
        { href: "/settings/profile", label: t("profile") },
        { href: "/settings/security", label: t("security") },
        { href: "/settings/preferences", label: t("preferences") },
      ]}
    />
  );
}
