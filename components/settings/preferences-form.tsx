"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { updateUserOp } from "@/lib/operations/routes/user";

const KEYS = ["successApprovals", "docSigned", "signs", "tips"] as const;

export function PreferencesForm({ preferences }: { preferences: Record<string, boolean> }) {
  const t = useTranslations("preferences");
  const [values, setValues] = useState(() => Object.fromEntries(KEYS.map((k) => [k, preferences[k] !== false])));
  const { run, busy, error } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(() => callOperation(updateUserOp, { emailPreferences: values }), "saved", "updateError");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-lg font-semibold">{t("title")}</legend>
        <p className="text-sm text-zinc-600">{t("intro")}</p>
        {error && <Alert tone="error">{error}</Alert>}
        {KEYS.map((key) => (
          <label key={key} className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={values[key]}
              onChange={(e) => setValues({ ...values, [key]: e.target.checked })}
            />
            {t(key)}
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" busy={busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
