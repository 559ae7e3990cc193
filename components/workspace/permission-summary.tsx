"use client";

/** A role's permissions in words, by group. */

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { PERMISSION_GROUPS } from "./permission-groups";

/** A role's permissions as words, by group; unknown strings (none today) are left out. */
export function PermissionSummary({ permissions }: { permissions: string[] }) {
  const t = useTranslations("accountRoles");
  const format = useFormatter();
  const groups = PERMISSION_GROUPS.map(({ group, permissions: list }) => ({
    group,
    held: list.filter((p) => permissions.includes(p)),
  })).filter((g) => g.held.length);
  if (!groups.length) return <span className="text-zinc-500">{t("noPermissions")}</span>;
  return (
    <ul className="flex flex-col gap-1">
      {groups.map(({ group, held }) => (
        <li key={group}>
          <span className="font-medium">{t(`groups.${group}`)}:</span>{" "}
          {format.list(
            held.map((p) => t(`permissions.${p}`)),
            { type: "unit" },
          )}
        </li>
      ))}
    </ul>
  );
}
