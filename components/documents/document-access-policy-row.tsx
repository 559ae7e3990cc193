"use client";

/** One row of the access tab: a person with access and their role. */

import { useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import type { AccessPolicy, Role } from "./document-access-types";

/**
 * One person with access: name, address, last access, the role (a choice when the caller may
 * change it), and Make owner and Remove when allowed.
 */
export function PolicyRow({
  policy,
  roles,
  busy,
  canEdit,
  canTransfer,
  when,
  onRole,
  onTransfer,
  onRemove,
}: {
  policy: AccessPolicy;
  /** The roles the caller may give. */
  roles: readonly Role[];
  busy: boolean;
  canEdit: boolean;
  canTransfer: boolean;
  when: (value: string | Date) => string;
  onRole: (role: Role) => void;
  onTransfer: () => void;
  onRemove: () => void;
}) {
  const t = useTranslations("documentAccess");
  const tr = useTranslations("documents.roles");
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="document-access-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{policy.user.name}</span>
          {!policy.inAccount && <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">{t("notMember")}</span>}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-4 text-sm text-zinc-600">
          <span className="break-all">{policy.user.email}</span>
          <span>
            {t("lastAccess")}: {policy.accessedAt ? when(policy.accessedAt) : t("never")}
          </span>
        </p>
      </div>
      {canEdit ? (
        <select
          aria-label={t("roleOf", { name: policy.user.name })}
          value={policy.role}
          disabled={busy}
          onChange={(e) => onRole(e.target.value as Role)}
          className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
        >
          {(roles.includes(policy.role) ? roles : [...roles, policy.role]).map((role) => (
            <option key={role} value={role}>
              {tr(role)}
            </option>
          ))}
        </select>
      ) : (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{tr(policy.role)}</span>
      )}
      {canTransfer && (
        <Button variant="secondary" disabled={busy} onClick={onTransfer}>
          {t("makeOwner")}
        </Button>
      )}
      {canEdit && (
        <Button variant="secondary" disabled={busy} onClick={onRemove}>
          {t("remove")}
        </Button>
      )}
    </li>
  );
}
