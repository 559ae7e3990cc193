import { SecurityForms } from "@/components/settings/security-forms";
import { SettingsPage } from "@/components/settings/settings-page";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function SecurityPage() {
  const ctx = await requirePageAccount("/settings/security");
  const me = await getMe(ctx);
  return (
    <SettingsPage ctx={ctx}>
      <SecurityForms hasPassword={me.hasPassword} email={me.email} />
    </SettingsPage>
  );
}
