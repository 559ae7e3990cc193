"use client";

/** The access tab's share-by-address form. */

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { RoleField } from "./document-access-role-field";
import type { Role } from "./document-access-types";
import { LIMITS } from "@/lib/validation/limits";

/** An address and a role: a colleague gets the role, anyone else a personal link (when allowed). */
export function ShareByEmailForm({
  roles,
  busy,
  onShare,
}: {
  roles: readonly Role[];
  busy: boolean;
  onShare: (email: string, role: Role) => Promise<boolean>;
}) {
  const t = useTranslations("documentAccess.external");
  const ids = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("reader");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    if (await onShare(email.trim(), role)) setEmail("");
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4"
      data-testid="share-by-email"
    >
      <h3 id={`${ids}-title`} className="font-semibold">
        {t("formTitle")}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t("email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={LIMITS.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-w-56 flex-1"
        />
        <RoleField id={`${ids}-role`} label={t("role")} roles={roles} value={role} onChange={setRole} />
        <Button type="submit" busy={busy} disabled={!email.trim()}>
          {t("submit")}
        </Button>
      </div>
      <p className="text-xs text-zinc-500">{t("hint")}</p>
    </form>
  );
}
