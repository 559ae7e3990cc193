"use client";

import { useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import { STRUCTURED_LIMITS, type DataMapEntry } from "@/lib/templates/structured-values";
import { FIELD_INPUT } from "./field-input";

/**
 * A DataMap's rows of key and value, added and removed one by one (50 at most), inside the
 * form's fieldset. Each input is named by its row for screen readers.
 */
export function DataMapInput({ value, onChange }: { value: DataMapEntry[]; onChange: (value: DataMapEntry[]) => void }) {
  const t = useTranslations("templates.inputs");
  const setRow = (index: number, row: DataMapEntry) => onChange(value.map((r, i) => (i === index ? row : r)));
  return (
    <div className="flex flex-col gap-2">
      {value.length === 0 ? (
        <p className="text-xs text-zinc-500">{t("noRows")}</p>
      ) : (
        <div className="grid grid-cols-[1fr_2fr_auto] gap-2">
          <span className="text-xs font-medium text-zinc-600" aria-hidden>
            {t("key")}
          </span>
          <span className="text-xs font-medium text-zinc-600" aria-hidden>
            {t("value")}
          </span>
          <span aria-hidden />
          {value.map((row, i) => (
            <div key={i} className="contents" data-testid="data-map-row">
              <input
                className={FIELD_INPUT}
                aria-label={t("keyRow", { n: i + 1 })}
                maxLength={STRUCTURED_LIMITS.dataMapKey}
                value={row.key}
                onChange={(e) => setRow(i, { ...row, key: e.target.value })}
              />
              <input
                className={FIELD_INPUT}
                aria-label={t("valueRow", { n: i + 1 })}
                maxLength={STRUCTURED_LIMITS.cell}
                value={row.value}
                onChange={(e) => setRow(i, { ...row, value: e.target.value })}
              />
              <Button
                type="button"
                variant="ghost"
                aria-label={t("removeRow", { n: i + 1 })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                ×
              </Button>
            </div>
          ))}
        </div>
      )}
      <div>
        <Button
          type="button"
          variant="secondary"
          disabled={value.length >= STRUCTURED_LIMITS.dataMapEntries}
          onClick={() => onChange([...value, { key: "", value: "" }])}
        >
          {t("addRow")}
        </Button>
      </div>
    </div>
  );
}
