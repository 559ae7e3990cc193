import { ProfileForm } from "@/components/settings/profile-form";
import { getSettingsFrame, SettingsPage } from "@/components/settings/settings-page";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { timeZoneOptions } from "@/lib/i18n/time-zones";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function ProfilePage() {
  const ctx = await requirePageAccount("/settings/profile");
  // The frame with the page's own data in one await: the screen then renders in one pass.
  const [me, frame] = await Promise.all([getMe(ctx), getSettingsFrame(ctx)]);
  return (
    <SettingsPage frame={frame}>
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
        // Named here, in the reader's language (the browser's Intl would name some differently).
        timeZones={timeZoneOptions(ctx.locale)}
      />
    </SettingsPage>
  );
}
