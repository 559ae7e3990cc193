"use client";

import { useTranslations } from "@/lib/i18n/client";
import { TextField } from "@/components/ui/text-field";

export type GeoDraft = { latitude: string; longitude: string };
export const EMPTY_GEO: GeoDraft = { latitude: "", longitude: "" };

/** A position's two inputs, in decimal degrees (-90..90, -180..180), inside the form's fieldset. */
export function GeoInput({ value, onChange, required }: { value: GeoDraft; onChange: (value: GeoDraft) => void; required: boolean }) {
  const t = useTranslations("templates.inputs");
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={t("latitude")}
        type="number"
        inputMode="decimal"
        step="any"
        min={-90}
        max={90}
        required={required}
        placeholder="41.3874"
        value={value.latitude}
        onChange={(e) => onChange({ ...value, latitude: e.target.value })}
      />
      <TextField
        label={t("longitude")}
        type="number"
        inputMode="decimal"
        step="any"
        min={-180}
        max={180}
        required={required}
        placeholder="2.1686"
        value={value.longitude}
        onChange={(e) => onChange({ ...value, longitude: e.target.value })}
      />
    </div>
  );
}
