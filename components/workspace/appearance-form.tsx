"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { DEFAULT_BRAND_COLOR } from "@/lib/accounts/brand";
import { updateAccountOp } from "@/lib/operations/routes/account";

const isColor = (value: string) => /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value);

/** The workspace's primary colour (logos come with file storage). */
export function AppearanceForm({ primaryColor, brandingAllowed }: { primaryColor: string | null; brandingAllowed: boolean }) {
  const t = useTranslations("workspace");
  const pickerId = useId();
  const [color, setColor] = useState(primaryColor ?? DEFAULT_BRAND_COLOR);
  const { run, busy, error } = useAction();
  const invalid = !isColor(color);

  async function submit(event: FormEvent, value: string | null = color) {
    event.preventDefault();
    await run(() => callOperation(updateAccountOp, { brand: { primaryColor: value } }), "saved", "updateError");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{t("appearanceTitle")}</h1>
      {!brandingAllowed && <Alert tone="info">{t("brandingNotInPlan")}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex items-end gap-3">
        <TextField
          label={t("primaryColor")}
          value={color}
          onChange={(e) => setColor(e.target.value.trim())}
          hint={t("primaryColorHint")}
          error={invalid ? t("colorInvalid") : null}
          className="flex-1"
        />
        <label htmlFor={pickerId} className="sr-only">
          {t("primaryColor")}
        </label>
        <input
          id={pickerId}
          type="color"
          value={invalid ? DEFAULT_BRAND_COLOR : color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : color}
          onChange={(e) => setColor(e.target.value)}
          className="mb-6 h-10 w-14 cursor-pointer rounded border border-zinc-300"
        />
      </div>
      <div className="flex items-center gap-3">
        <span className="text-sm text-zinc-600">{t("preview")}</span>
        <span className="rounded-md px-4 py-2 text-sm font-medium text-white" style={{ background: invalid ? DEFAULT_BRAND_COLOR : color }}>
          {t("save")}
        </span>
      </div>
      <div className="flex gap-2">
        <Button type="submit" busy={busy} disabled={invalid}>
          {t("save")}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={(event) => {
            setColor(DEFAULT_BRAND_COLOR);
            void submit(event as unknown as FormEvent, null);
          }}
        >
          {t("reset")}
        </Button>
      </div>
    </form>
  );
}
