import { SecurityForms } from "@/components/settings/security-forms";
import { SettingsPage } from "@/components/settings/settings-page";
import { requirePageUser } from "@/lib/auth/require-page-user";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function SecurityPage() {
  const ctx = await requirePageUser("/settings/security");
  const me = await getMe(ctx);
  return (
    <SettingsPage ctx={ctx}>
      <SecurityForms hasPassword={me.hasPassword} email={me.email} />
    </SettingsPage>
  );
}
