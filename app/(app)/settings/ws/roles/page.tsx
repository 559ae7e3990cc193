import { RolesManager } from "@/components/workspace/roles-manager";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { findAccountRolesWithUsage } from "@/lib/accounts/find-account-roles-with-usage";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";

export const dynamic = "force-dynamic";

/** Workspace settings → Roles. ManageMembers, as the role services check; others see the not-allowed state. */
export default async function WorkspaceRolesPage() {
  const ctx = await requirePageAccount("/settings/ws/roles");
  const roles = can(ctx, "ManageMembers") ? await findAccountRolesWithUsage(ctx) : [];
  return (
    <WorkspacePage ctx={ctx} permission="ManageMembers">
      <RolesManager
        roles={roles.map(({ id, name, global, permissions, members }) => ({ id, name, global, permissions, members }))}
        grantable={[...ctx.permissions]}
      />
    </WorkspacePage>
  );
}
