"use client";

/** The built-in roles table on the Roles settings page. */

import { useTranslations } from "@/lib/i18n/client";
import { PermissionSummary } from "./permission-summary";
import { RoleHeaderCells } from "./role-header-cells";
import type { RoleRow } from "./role-row";

/** The five built-in roles, read-only: name, permissions, how many hold each. */
export function BuiltInRoles({ roles, roleName }: { roles: RoleRow[]; roleName: (role: RoleRow) => string }) {
  const t = useTranslations("accountRoles");
  return (
    <section aria-labelledby="builtin-roles-title">
      <h2 id="builtin-roles-title" className="text-lg font-semibold">
        {t("builtInTitle")}
      </h2>
      <p className="mb-2 text-sm text-zinc-600">{t("builtInIntro")}</p>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-zinc-600">
            <tr>
              <RoleHeaderCells />
            </tr>
          </thead>
          <tbody>
            {roles.map((role) => (
              <tr key={role.id} className="border-t border-zinc-100 align-top" data-testid="builtin-role-row">
                <td className="px-4 py-2 font-medium">{roleName(role)}</td>
                <td className="px-4 py-2">
                  <PermissionSummary permissions={role.permissions} />
                </td>
                <td className="px-4 py-2 whitespace-nowrap text-zinc-600">{t("membersCount", { count: role.members })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
