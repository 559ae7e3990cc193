import { PreferencesForm } from "@/components/settings/preferences-form";
import { SettingsPage } from "@/components/settings/settings-page";
import { requirePageUser } from "@/lib/auth/require-page-user";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function PreferencesPage() {
  const ctx = await requirePageUser("/settings/preferences");
  const me = await getMe(ctx);
  return (
    <SettingsPage ctx={ctx}>
      <PreferencesForm preferences={me.emailPreferences as Record<string, boolean>} />
    </SettingsPage>
  );
}
