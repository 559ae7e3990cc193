"use client";

/** The create and edit form of a workspace role. */

import { useTranslations } from "@/lib/i18n/client";
import type { FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { PERMISSION_GROUPS } from "./permission-groups";
import { LIMITS } from "@/lib/validation/limits";

/** A role being created or edited. */
export type Draft = { id: string | null; name: string; permissions: string[] };

/** `list` with `value` added (on) or taken out. */
export function toggle(list: string[], value: string, on: boolean) {
  return on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}

/** The create and edit form of a role: its name and its permissions by group (only `grantable` ones can be ticked). */
export function RoleForm({
  draft,
  grantable,
  formError,
  nameError,
  saving,
  onChange,
  onSubmit,
  onCancel,
}: {
  draft: Draft;
  grantable: string[];
  formError: string | null;
  nameError: string | null;
  saving: boolean;
  onChange: (draft: Draft) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("accountRoles");
  const tc = useTranslations("common");
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label={t("name")}
        name="name"
        required
        maxLength={LIMITS.shortName}
        value={draft.name}
        error={nameError}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
      />
      <p className="text-sm text-zinc-600">{t("permissionsHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {PERMISSION_GROUPS.map(({ group, permissions }) => (
          <fieldset key={group} className="rounded-md border border-zinc-200 p-3">
            <legend className="px-1 text-sm font-semibold">{t(`groups.${group}`)}</legend>
            <div className="flex flex-col gap-2">
              {permissions.map((permission) => (
                <label key={permission} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={draft.permissions.includes(permission)}
                    disabled={!grantable.includes(permission)}
                    onChange={(e) => onChange({ ...draft, permissions: toggle(draft.permissions, permission, e.target.checked) })}
                  />
                  {t(`permissions.${permission}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button type="submit" busy={saving}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
