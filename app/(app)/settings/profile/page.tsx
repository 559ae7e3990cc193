import { ProfileForm } from "@/components/settings/profile-form";
import { SettingsPage } from "@/components/settings/settings-page";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function ProfilePage() {
  const ctx = await requirePageAccount("/settings/profile");
  const me = await getMe(ctx);
  return (
    <SettingsPage ctx={ctx}>
      <ProfileForm
        user={{
          email: me.email,
          firstName: me.firstName,
          lastName: me.lastName,
          phone: me.phone ?? "",
          language: me.language ?? "en",
          timezone: me.timezone ?? "",
          avatar: me.avatar ?? null,
        }}
        timeZones={Intl.supportedValuesOf("timeZone")}
      />
    </SettingsPage>
  );
}
