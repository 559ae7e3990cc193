import { AccountSettingsForm } from "@/components/workspace/account-settings-form";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { getAccount } from "@/lib/accounts/get-account";
import type { AccountSettings } from "@/lib/accounts/update-account";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";

export const dynamic = "force-dynamic";

export default async function WorkspaceSettingsPage() {
  const ctx = await requirePageAccount("/settings/ws/settings");
  const account = can(ctx, "ManageAccount") ? await getAccount(ctx) : null;
  return (
    <WorkspacePage ctx={ctx} permission="ManageAccount">
      {account && <AccountSettingsForm name={account.name} settings={account.settings as AccountSettings} />}
    </WorkspacePage>
  );
}
