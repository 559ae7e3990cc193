"use client";

/** The access tab's form that gives a colleague a role on the document. */

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { RoleField } from "./document-access-role-field";
import type { AccessMember, Role } from "./document-access-types";

/** Member select + role select; the role list is what the caller may give. */
export function AddColleagueForm({
  candidates,
  roles,
  busy,
  hint,
  onAdd,
}: {
  candidates: AccessMember[];
  roles: readonly Role[];
  busy: boolean;
  hint: string | null;
  onAdd: (userId: string, role: Role) => Promise<boolean>;
}) {
  const t = useTranslations("documentAccess.add");
  const ids = useId();
  const [userId, setUserId] = useState("");
  const [role, setRole] = useState<Role>("reader");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId) return;
    if (await onAdd(userId, role)) setUserId("");
  }

  if (candidates.length === 0) return <p className="text-sm text-zinc-500">{t("noMembers")}</p>;
  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4"
    >
      <h3 id={`${ids}-title`} className="font-semibold">
        {t("title")}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={`${ids}-member`} className="text-sm font-medium text-zinc-700">
            {t("member")}
          </label>
          <select
            id={`${ids}-member`}
            required
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
          >
            <option value="">{t("choose")}</option>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name === member.email ? member.email : `${member.name} (${member.email})`}
              </option>
            ))}
          </select>
        </div>
        <RoleField
          id={`${ids}-role`}
          label={t("role")}
          roles={roles}
          value={role}
          onChange={setRole}
          describedBy={hint ? `${ids}-hint` : undefined}
        />
        <Button type="submit" busy={busy} disabled={!userId}>
          {t("submit")}
        </Button>
      </div>
      {hint && (
        <p id={`${ids}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
    </form>
  );
}
