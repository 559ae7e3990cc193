import { SectionTabs } from "@/components/layout/section-tabs";

/** The words of SettingsTabs (settings-page.tsx reads them with the shell's). */
export type SettingsTabsTexts = { tabs: string; title: string; profile: string; security: string; preferences: string };

/** The sections of the user's own settings. */
export function SettingsTabs({ texts }: { texts: SettingsTabsTexts }) {
  return (
    <SectionTabs
      label={texts.tabs}
      heading={<h1 className="mb-3 text-2xl font-semibold">{texts.title}</h1>}
      tabs={[
        { href: "/settings/profile", label: texts.profile },
        { href: "/settings/security", label: texts.security },
        { href: "/settings/preferences", label: texts.preferences },
      ]}
    />
  );
}
