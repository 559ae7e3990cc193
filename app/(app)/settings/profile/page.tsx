import { ProfileForm } from "@/components/settings/profile-form";
import { SettingsPage } from "@/components/settings/settings-page";
import { requirePageUser } from "@/lib/auth/require-page-user";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function ProfilePage() {
  const ctx = await requirePageUser("/settings/profile");
  const me = await getMe(ctx);
  return (
    <SettingsPage ctx={ctx}>
      <ProfileForm
        user={{ email: me.email, firstName: me.firstName, lastName: me.lastName, phone: me.phone ?? "", language: me.language ?? "en", timezone: me.timezone ?? "" }}
        timeZones={Intl.supportedValuesOf("timeZone")}
      />
    </SettingsPage>
  );
}
