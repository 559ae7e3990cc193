import { SecurityForms } from "@/components/settings/security-forms";
import { getSettingsFrame, SettingsPage } from "@/components/settings/settings-page";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function SecurityPage() {
  const ctx = await requirePageAccount("/settings/security");
  // The frame with the page's own data in one await: the screen then renders in one pass.
  const [me, frame] = await Promise.all([getMe(ctx), getSettingsFrame(ctx)]);
  return (
    <SettingsPage frame={frame}>
      <SecurityForms hasPassword={me.hasPassword} email={me.email} />
    </SettingsPage>
  );
}
