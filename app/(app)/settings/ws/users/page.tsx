import { getTranslations } from "next-intl/server";
import { InviteForm } from "@/components/members/invite-form";
import { MembersTable } from "@/components/members/members-table";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { ACCOUNT_POLICIES_DEFAULTS, findMembers } from "@/lib/accounts/find-account-policies";
import { findAccountRoles } from "@/lib/accounts/find-account-roles";
import { getAccount } from "@/lib/accounts/get-account";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { pageFromQuery } from "@/lib/pagination";

export const dynamic = "force-dynamic";

export default async function WorkspaceUsersPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const ctx = await requirePageAccount("/settings/ws/users");
  if (!can(ctx, "ManageMembers"))
    return (
      <WorkspacePage ctx={ctx} permission="ManageMembers">
        {null}
      </WorkspacePage>
    );
  const page = pageFromQuery((await searchParams).page);
  const [members, roles, account, t, tr] = await Promise.all([
    // The page comes from the address, read by pageFromQuery (a whole number from 1, else 1).
    findMembers(ctx, { ...ACCOUNT_POLICIES_DEFAULTS, page, orderBy: "createdAt", sortBy: "asc" }),
    findAccountRoles(ctx),
    getAccount(ctx),
    getTranslations("members"),
    getTranslations("roles"),
  ]);
  const roleOptions = roles.map((role) => ({ id: role.id, label: tr.has(role.name as never) ? tr(role.name as never) : role.name }));
  return (
    <WorkspacePage ctx={ctx} permission="ManageMembers">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-6 text-zinc-600">{t("intro", { account: account.name })}</p>
      <InviteForm roles={roleOptions} />
      <MembersTable
        currentUserId={ctx.userId}
        roles={roleOptions}
        page={{ page: members.page, pages: members.pages, total: members.total }}
        members={members.items.map((policy) => ({
          id: policy.id,
          userId: policy.userId,
          name: [policy.user.firstName, policy.user.lastName].filter(Boolean).join(" "),
          email: policy.user.email,
          roleId: policy.roleId,
          status: policy.status,
          accessedAt: policy.accessedAt?.toISOString() ?? null,
        }))}
      />
    </WorkspacePage>
  );
}
