"use client";

/** The input of one field in the document form, by type. */

import { useLocale, useTranslations } from "@/lib/i18n/client";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { STRUCTURED_LIMITS, type DataMapEntry } from "@/lib/templates/structured-values";
import type { Variable } from "@/lib/templates/variables";
import type { Value } from "./document-form-values";
import { AddressInput, type AddressDraft } from "./fields/address-input";
import { DataMapInput } from "./fields/data-map-input";
import { FIELD_INPUT as input } from "./fields/field-input";
import { GeoInput, type GeoDraft } from "./fields/geo-input";
import { MatrixInput } from "./fields/matrix-input";
import { preview } from "./formula-preview";

/** The input of one field of the document form, by its type (a formula shows its value as you type). */
export function FieldControl({
  variable: v,
  value,
  variables,
  values,
  error,
  countries,
  currentFile,
  maxSize,
  onChange,
  onFile,
}: {
  variable: Variable;
  value: Value;
  /** Every field and every value so far, for a formula's preview. */
  variables: Variable[];
  values: Record<string, Value>;
  error: string | undefined;
  countries: { code: string; name: string }[];
  /** The name of an upload field's current file (editing a document). */
  currentFile: string | undefined;
  /** The upload limit per file, formatted. */
  maxSize: string;
  onChange: (value: Value) => void;
  onFile: (file: File | undefined) => void;
}) {
  const t = useTranslations("templates");
  const locale = useLocale();
  const common = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `err-${v.name}` : undefined,
    required: v.required,
    placeholder: v.options.placeholder,
  } as const;
  switch (v.type) {
    case "formula": {
      const result = preview(variables, values, v.name);
      return (
        <output className="min-h-10 rounded-md bg-zinc-50 px-3 py-2 text-sm" aria-live="polite">
          {result === null ? "—" : formatNumber(locale as Locale, result)}
        </output>
      );
    }
    case "checkbox":
      return <input type="checkbox" className="size-5" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...common} />;
    case "date":
      return (
        <input
          type="date"
          className={input}
          min={v.options.dateMin}
          max={v.options.dateMax}
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
    case "number":
    case "currency":
    case "percentage":
      return (
        <input
          type="number"
          step="any"
          inputMode="decimal"
          className={input}
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
    case "dropdown":
    case "radio":
      return (
        <select className={input} value={value as string} onChange={(e) => onChange(e.target.value)} {...common}>
          <option value="">—</option>
          {(v.options.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      );
    case "country":
      return (
        <select className={input} value={value as string} onChange={(e) => onChange(e.target.value)} {...common}>
          <option value="">—</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      );
    case "list":
      return v.options.choices?.length ? (
        <span className="flex flex-wrap gap-3">
          {v.options.choices.map((choice) => (
            <label key={choice} className="flex items-center gap-1.5 text-sm font-normal">
              <input
                type="checkbox"
                checked={(value as string[]).includes(choice)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...(value as string[]), choice] : (value as string[]).filter((c) => c !== choice))
                }
              />
              {choice}
            </label>
          ))}
        </span>
      ) : (
        <textarea
          className={`${input} min-h-20`}
          value={(value as string[]).join("\n")}
          onChange={(e) => onChange(e.target.value.split("\n"))}
          {...common}
        />
      );
    case "address":
      return (
        <AddressInput
          value={value as AddressDraft}
          onChange={(next) => onChange(next)}
          countries={countries}
          required={v.required}
          invalid={!!error}
        />
      );
    case "geo":
      return <GeoInput value={value as GeoDraft} onChange={(next) => onChange(next)} required={v.required} />;
    case "object":
      return <DataMapInput value={value as DataMapEntry[]} onChange={(next) => onChange(next)} />;
    case "matrix":
      return <MatrixInput columns={v.options.columns ?? []} value={value as string[][]} onChange={(next) => onChange(next)} />;
    case "attachment":
    case "file":
    case "image": {
      const isImage = v.type === "image";
      return (
        <span className="flex flex-col gap-1">
          <input
            type="file"
            accept={isImage ? "image/png,image/jpeg" : ".pdf,.docx,image/png,image/jpeg,image/webp"}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-zinc-50"
            onChange={(e) => onFile(e.target.files?.[0])}
            aria-invalid={common["aria-invalid"]}
            aria-describedby={[`hint-${v.name}`, common["aria-describedby"]].filter(Boolean).join(" ")}
            required={v.required}
          />
          {currentFile && (
            <span className="text-xs font-normal text-zinc-700" data-testid="current-file">
              {t("inputs.currentFile", { name: currentFile })}
            </span>
          )}
          <span id={`hint-${v.name}`} className="text-xs font-normal text-zinc-500">
            {t(isImage ? "inputs.imageHint" : "inputs.fileHint", { max: maxSize })}
          </span>
        </span>
      );
    }
    case "identity":
      return (
        <input
          type="text"
          className={input}
          minLength={STRUCTURED_LIMITS.identityMin}
          maxLength={STRUCTURED_LIMITS.identityMax}
          autoComplete="off"
          spellCheck={false}
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
    default:
      return (
        <input
          type={v.type === "email" ? "email" : v.type === "phone" ? "tel" : "text"}
          inputMode={v.type === "url" ? "url" : undefined}
          className={input}
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      );
  }
}
