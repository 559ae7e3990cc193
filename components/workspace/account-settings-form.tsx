"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { ACCOUNT_LIMITS } from "@/lib/accounts/account-limits";
import type { AccountSettings } from "@/lib/accounts/update-account";
import { updateAccountOp } from "@/lib/operations/routes/account";

const SWITCHES = [
  "repositoryViewAllDocs",
  "documentShareExternalAccountMembers",
  "refModification",
  "createTags",
  "autoApproveDocPolicy",
] as const;
/** Switches whose effect the label alone does not tell: a line under them, read with the checkbox. */
const SWITCH_HINTS: Partial<Record<(typeof SWITCHES)[number], "documentShareExternalAccountMembersHint">> = {
  documentShareExternalAccountMembers: "documentShareExternalAccountMembersHint",
};

/** The account settings of spec section 3 (hidden categories are managed with the categories). */
export function AccountSettingsForm({ name, settings }: { name: string; settings: AccountSettings }) {
  const t = useTranslations("workspace");
  const [form, setForm] = useState({
    name,
    refBuilder: settings.refBuilder ?? "{counter}",
    refCounter: String(settings.refCounter ?? 0),
    ...Object.fromEntries(SWITCHES.map((key) => [key, Boolean(settings[key])])),
  } as { name: string; refBuilder: string; refCounter: string } & Record<(typeof SWITCHES)[number], boolean>);
  const { run, busy, error } = useAction();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(
      () =>
        callOperation(updateAccountOp, {
          name: form.name,
          settings: {
            refBuilder: form.refBuilder,
            refCounter: Number(form.refCounter),
            ...Object.fromEntries(SWITCHES.map((key) => [key, form[key]])),
          },
        }),
      "saved",
      "updateError",
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{t("settingsTitle")}</h1>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={t("name")}
        required
        maxLength={ACCOUNT_LIMITS.name}
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("refBuilder")}
          maxLength={ACCOUNT_LIMITS.refBuilder}
          value={form.refBuilder}
          hint={t("refBuilderHint", { counter: "{counter}" })}
          onChange={(e) => setForm({ ...form, refBuilder: e.target.value })}
        />
        <TextField
          label={t("refCounter")}
          type="number"
          min={0}
          max={ACCOUNT_LIMITS.refCounter}
          step={1}
          required
          value={form.refCounter}
          onChange={(e) => setForm({ ...form, refCounter: e.target.value })}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        {SWITCHES.map((key) => {
          const hint = SWITCH_HINTS[key];
          return (
            <div key={key} className="flex flex-col gap-1">
              <label className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={form[key]}
                  aria-describedby={hint ? `${hintId}-${key}` : undefined}
                  onChange={(e) => setForm({ ...form, [key]: e.target.checked })}
                />
                {t(key)}
              </label>
              {hint && (
                <p id={`${hintId}-${key}`} className="ml-7 text-xs text-zinc-500">
                  {t(hint)}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <div>
        <Button type="submit" busy={busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
