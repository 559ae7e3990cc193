"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmFor } from "@/components/ui/confirm-modal";
import { ContextMenu, type ContextMenuItem } from "@/components/ui/context-menu";
import { Modal } from "@/components/ui/modal";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import type { RoleOption } from "./invite-form";
import { deleteAccountPolicyOp, resendInvitationOp, updateAccountPolicyOp } from "@/lib/operations/routes/member";

export type MemberRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  roleId: string;
  status: "active" | "invited" | "disabled";
  accessedAt: string | null;
};

/**
 * Members with role, status and last access; per row the context menu of spec "Context menus"
 * (update role, resend invitation, remove). The Remove button stays beside the menu too: the
 * keyboard test of tests/e2e/auth/accessibility.spec.ts opens the confirmation from it.
 */
export function MembersTable({
  members,
  roles,
  currentUserId,
  page,
}: {
  members: MemberRow[];
  roles: RoleOption[];
  currentUserId: string;
  page: { page: number; pages: number; total: number };
}) {
  const t = useTranslations("members");
  const format = useFormat();
  const { run, error } = useAction();
  const tc = useTranslations("common");
  const [removing, setRemoving] = useState<MemberRow | null>(null);
  const [changing, setChanging] = useState<{ member: MemberRow; roleId: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const roleSelectId = useId();
  const roleLabel = (roleId: string) => roles.find((r) => r.id === roleId)?.label ?? "";

  async function updateRole(event: FormEvent) {
    event.preventDefault();
    const { member, roleId } = changing!;
    setChanging(null);
    if (roleId === member.roleId) return;
    await onRow(member.id, () => callOperation(updateAccountPolicyOp, { id: member.id, roleId }), "updated", "updateError");
  }

  const menuItems = (member: MemberRow): ContextMenuItem[] => [
    { label: t("updateRole"), onSelect: () => setChanging({ member, roleId: member.roleId }) },
    ...(member.status === "invited"
      ? [
          {
            label: t("resend"),
            onSelect: () => onRow(member.id, () => callOperation(resendInvitationOp, { id: member.id }), "sent", "sendError"),
          },
        ]
      : []),
    { label: t("remove"), danger: true, onSelect: () => setRemoving(member) },
  ];

  /** One row's call: its buttons wait while it runs. */
  async function onRow(id: string, call: () => Promise<unknown>, success: Parameters<typeof run>[1], failure: Parameters<typeof run>[2]) {
    setBusy(id);
    await run(call, success, failure);
    setBusy(null);
  }

  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title" className="mb-2 text-lg font-semibold">
        {t("count", { count: page.total })}
      </h2>
      {error && (
        <div className="mb-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-zinc-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("name")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("role")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("status")}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t("lastAccess")}
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">{t("actions", { name: "" })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const label = member.name || member.email;
              return (
                <tr key={member.id} className="border-t border-zinc-100" data-testid="member-row">
                  <td className="px-4 py-2">
                    <div className="font-medium">
                      {label}
                      {member.userId === currentUserId && <span className="ml-1 text-zinc-500">({t("you")})</span>}
                    </div>
                    {member.name && <div className="text-zinc-500">{member.email}</div>}
                  </td>
                  <td className="px-4 py-2" data-testid="member-role">
                    {roleLabel(member.roleId)}
                  </td>
                  <td className="px-4 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs ${member.status === "active" ? "bg-emerald-50 text-emerald-700" : "bg-amber-50 text-amber-700"}`}
                    >
                      {t(`statuses.${member.status}`)}
                    </span>
                  </td>
                  <td className="px-4 py-2 text-zinc-600">{member.accessedAt ? format.dateTime(member.accessedAt) : t("never")}</td>
                  <td className="px-4 py-2">
                    <div className="flex items-center justify-end gap-1">
                      <Button variant="ghost" className="text-red-700" disabled={busy === member.id} onClick={() => setRemoving(member)}>
                        {t("remove")}
                      </Button>
                      <ContextMenu label={t("actions", { name: label })} items={menuItems(member)} />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {page.pages > 1 && (
        <nav className="mt-3 flex items-center justify-end gap-3 text-sm" aria-label={t("page", { page: page.page, pages: page.pages })}>
          {page.page > 1 && <Link href={`?page=${page.page - 1}`}>{t("previous")}</Link>}
          <span>{t("page", { page: page.page, pages: page.pages })}</span>
          {page.page < page.pages && <Link href={`?page=${page.page + 1}`}>{t("next")}</Link>}
        </nav>
      )}
      <Modal open={changing !== null} size="sm" title={t("updateRole")} onClose={() => setChanging(null)}>
        {changing && (
          <form onSubmit={updateRole} className="flex flex-col gap-4">
            <p className="text-sm text-zinc-600">{changing.member.name || changing.member.email}</p>
            <div className="flex flex-col gap-1">
              <label htmlFor={roleSelectId} className="text-sm font-medium text-zinc-700">
                {t("role")}
              </label>
              <select
                id={roleSelectId}
                value={changing.roleId}
                onChange={(e) => setChanging({ ...changing, roleId: e.target.value })}
                className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
              >
                {roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setChanging(null)}>
                {tc("cancel")}
              </Button>
              <Button type="submit">{tc("save")}</Button>
            </div>
          </form>
        )}
      </Modal>
      <ConfirmFor
        target={removing}
        title={t("remove")}
        message={(item) => t("confirmRemove", { name: item.name || item.email })}
        confirmLabel={t("remove")}
        onClose={() => setRemoving(null)}
        onConfirm={(item) => onRow(item.id, () => callOperation(deleteAccountPolicyOp, { id: item.id }), "updated", "deleteError")}
      />
    </section>
  );
}
