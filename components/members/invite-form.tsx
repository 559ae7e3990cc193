"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { sendInvitationsOp } from "@/lib/operations/routes/member";

export type RoleOption = { id: string; label: string };

/**
 * Invite one or more people by email with a role. Spec section 8: success is the "Sent" alert,
 * failure the "Sending error" alert (try again or contact support), with the reason inline.
 */
export function InviteForm({ roles }: { roles: RoleOption[] }) {
  const t = useTranslations("members");
  const { run, busy, error } = useAction();
  const roleId = useId();
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState(roles.find((r) => r.id === "role_member")?.id ?? roles[0]?.id ?? "");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const list = emails
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    if (await run(() => callOperation(sendInvitationsOp, { emails: list, roleId: role }), "sent", "sendError")) setEmails("");
  }

  return (
    <form onSubmit={submit} className="mb-8 rounded-lg border border-zinc-200 bg-white p-4" aria-labelledby="invite-title">
      <h2 id="invite-title" className="mb-3 text-lg font-semibold">
        {t("inviteTitle")}
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="mt-2 grid gap-4 md:grid-cols-[1fr_12rem_auto] md:items-end">
        <TextField
          label={t("emails")}
          name="emails"
          required
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          hint={t("emailsHint")}
        />
        <div className="flex flex-col gap-1 self-start">
          <label htmlFor={roleId} className="text-sm font-medium text-zinc-700">
            {t("role")}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
          >
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={busy} className="self-start md:mt-6">
          {t("send")}
        </Button>
      </div>
    </form>
  );
}
