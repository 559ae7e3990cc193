"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";

type Settings = { allowComment: boolean; allowModification: boolean; allowDownload: boolean };

/** Editing an undecided approver's order and settings on the Approvals tab (updateApproval). */
export function ApproverEditor({
  name,
  order,
  settings,
  busy,
  onSave,
}: {
  name: string;
  order: number;
  settings: Settings;
  busy: boolean;
  onSave: (change: { order: number; settings: Settings }) => void;
}) {
  const t = useTranslations("approvals");
  const [value, setValue] = useState(String(order));
  const [flags, setFlags] = useState(settings);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ order: Number(value), settings: flags });
  };
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-3 rounded-md bg-zinc-50 p-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
        {t("orderOf", { name })}
        <input
          type="number"
          min={1}
          max={100}
          required
          className="min-h-10 w-24 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      {(["allowComment", "allowModification", "allowDownload"] as const).map((key) => (
        <label key={key} className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" checked={flags[key]} onChange={(e) => setFlags({ ...flags, [key]: e.target.checked })} />
          {t(key)}
        </label>
      ))}
      <Button type="submit" variant="secondary" busy={busy}>
        {t("save")}
      </Button>
    </form>
  );
}
