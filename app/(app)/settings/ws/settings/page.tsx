import { SealingHealthCard } from "@/components/sealing/sealing-health";
import { AccountSettingsForm } from "@/components/workspace/account-settings-form";
import { AuditTrailCard } from "@/components/workspace/audit-trail-card";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { getAccount } from "@/lib/accounts/get-account";
import type { AccountSettings } from "@/lib/accounts/update-account";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getSealingHealth } from "@/lib/sealing/sealing-health";

export const dynamic = "force-dynamic";

export default async function WorkspaceSettingsPage() {
  const ctx = await requirePageAccount("/settings/ws/settings");
  const manager = can(ctx, "ManageAccount");
  const [account, sealing] = manager ? await Promise.all([getAccount(ctx), getSealingHealth(ctx)]) : [null, null];
  return (
    <WorkspacePage ctx={ctx} permission="ManageAccount">
      {account && <AccountSettingsForm name={account.name} settings={account.settings as AccountSettings} />}
      {sealing && <SealingHealthCard initial={sealing} canRefresh />}
      {account && can(ctx, "ViewAudit") && <AuditTrailCard accountId={account.id} />}
    </WorkspacePage>
  );
}
