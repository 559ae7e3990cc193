"use client";

import { useTranslations } from "@/lib/i18n/client";
import { TextField } from "@/components/ui/text-field";
import type { AddressPart } from "@/lib/templates/structured-values";
import { FIELD_INPUT } from "./field-input";

export type AddressDraft = Record<AddressPart, string>;
export const EMPTY_ADDRESS: AddressDraft = { line1: "", line2: "", city: "", state: "", postalCode: "", country: "" };

/**
 * An address field's inputs (street, second line, city, state, postal code, country): drawn
 * inside the form's fieldset, whose legend is the field's label. The street, city, postal code
 * and country are marked required when the field is.
 */
export function AddressInput({
  value,
  onChange,
  countries,
  required,
  invalid,
}: {
  value: AddressDraft;
  onChange: (value: AddressDraft) => void;
  countries: { code: string; name: string }[];
  required: boolean;
  invalid: boolean;
}) {
  const t = useTranslations("templates.inputs");
  const set = (part: AddressPart, text: string) => onChange({ ...value, [part]: text });
  const text = (part: AddressPart, extra: { className?: string; max: number; auto: string; required?: boolean }) => (
    <TextField
      className={extra.className}
      label={t(part)}
      required={extra.required && required}
      maxLength={extra.max}
      autoComplete={extra.auto}
      value={value[part]}
      onChange={(e) => set(part, e.target.value)}
    />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {text("line1", { className: "sm:col-span-2", max: 200, auto: "address-line1", required: true })}
      {text("line2", { className: "sm:col-span-2", max: 200, auto: "address-line2" })}
      {text("city", { max: 100, auto: "address-level2", required: true })}
      {text("state", { max: 100, auto: "address-level1" })}
      {text("postalCode", { max: 12, auto: "postal-code", required: true })}
      <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
        <span>
          {t("country")}
          {required && (
            <span className="ml-0.5 text-red-600" aria-hidden>
              *
            </span>
          )}
        </span>
        <select
          className={FIELD_INPUT}
          autoComplete="country"
          required={required}
          aria-invalid={invalid && !value.country ? true : undefined}
          value={value.country}
          onChange={(e) => set("country", e.target.value)}
        >
          <option value="">—</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
