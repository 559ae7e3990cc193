"use client";

/** A labelled document role select, shared by the access tab's forms. */

import { useTranslations } from "@/lib/i18n/client";
import type { Role } from "./document-access-types";

/** A labelled choice of document role, in the interface language. */
export function RoleField({
  id,
  label,
  roles,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  label: string;
  roles: readonly Role[];
  value: Role;
  onChange: (role: Role) => void;
  describedBy?: string;
}) {
  const tr = useTranslations("documents.roles");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Role)}
        aria-describedby={describedBy}
        className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {tr(r)}
          </option>
        ))}
      </select>
    </div>
  );
}
