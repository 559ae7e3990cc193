import { PreferencesForm } from "@/components/settings/preferences-form";
import { SettingsPage } from "@/components/settings/settings-page";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function PreferencesPage() {
  const ctx = await requirePageAccount("/settings/preferences");
  const me = await getMe(ctx);
  return (
    <SettingsPage ctx={ctx}>
      <PreferencesForm preferences={me.emailPreferences as Record<string, boolean>} />
    </SettingsPage>
  );
}
