"use client";

/** One pending access request with Accept and Refuse. */

import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ROLES, type AccessPolicy, type Role } from "./document-access-types";

/** A pending request: who asked and when, the role to give, Accept or Refuse. */
export function RequestRow({
  request,
  busy,
  askedOn,
  onAnswer,
}: {
  request: AccessPolicy;
  busy: boolean;
  askedOn: string;
  onAnswer: (accept: boolean, role: Role) => void;
}) {
  const t = useTranslations("documentAccess.requests");
  const tr = useTranslations("documents.roles");
  const [role, setRole] = useState<Role>("reader");
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="document-access-request">
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">{request.user.name}</p>
        <p className="text-sm text-zinc-600">
          <span className="break-all">{request.user.email}</span> · {askedOn}
        </p>
      </div>
      <select
        aria-label={t("roleFor", { name: request.user.name })}
        value={role}
        onChange={(e) => setRole(e.target.value as Role)}
        className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {tr(r)}
          </option>
        ))}
      </select>
      <Button disabled={busy} onClick={() => onAnswer(true, role)}>
        {t("accept")}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onAnswer(false, role)}>
        {t("refuse")}
      </Button>
    </li>
  );
}
