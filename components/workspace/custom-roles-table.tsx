"use client";

/** The workspace's own roles table on the Roles settings page. */

import { useTranslations } from "@/lib/i18n/client";
import { ContextMenu } from "@/components/ui/context-menu";
import { PermissionSummary } from "./permission-summary";
import { RoleHeaderCells } from "./role-header-cells";
import type { RoleRow } from "./role-row";

/** The workspace's own roles: a tick box each for bulk delete, name, permissions, holders, and Edit and Delete. */
export function CustomRolesTable({
  roles,
  selected,
  allSelected,
  onSelectAll,
  onSelect,
  onEdit,
  onDelete,
}: {
  roles: RoleRow[];
  selected: string[];
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  onSelect: (role: RoleRow, on: boolean) => void;
  onEdit: (role: RoleRow) => void;
  onDelete: (role: RoleRow) => void;
}) {
  const t = useTranslations("accountRoles");
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-zinc-600">
          <tr>
            <th scope="col" className="w-10 px-4 py-2">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                aria-label={t("selectAll")}
                checked={allSelected}
                onChange={(e) => onSelectAll(e.target.checked)}
              />
            </th>
            <RoleHeaderCells />
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">{t("actionsColumn")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role.id} className="border-t border-zinc-100 align-top" data-testid="role-row">
              <td className="px-4 py-2">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  aria-label={t("select", { name: role.name })}
                  checked={selected.includes(role.id)}
                  onChange={(e) => onSelect(role, e.target.checked)}
                />
              </td>
              <td className="px-4 py-2 font-medium" data-testid="role-name">
                {role.name}
              </td>
              <td className="px-4 py-2" data-testid="role-permissions">
                <PermissionSummary permissions={role.permissions} />
              </td>
              <td className="px-4 py-2 whitespace-nowrap text-zinc-600" data-testid="role-members">
                {t("membersCount", { count: role.members })}
              </td>
              <td className="px-4 py-2">
                <div className="flex justify-end">
                  <ContextMenu
                    label={t("actions", { name: role.name })}
                    items={[
                      { label: t("edit"), onSelect: () => onEdit(role) },
                      { label: t("delete"), danger: true, onSelect: () => onDelete(role) },
                    ]}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
