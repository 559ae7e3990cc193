"use client";

/** The settings only one field type takes, on the template screen. */

import { useLocale, useTranslations } from "@/lib/i18n/client";
import type { Locale } from "@/lib/i18n/locales";
import { TextField } from "@/components/ui/text-field";
import { IDENTITY_TYPES, STRUCTURED_LIMITS } from "@/lib/templates/structured-values";
import { CURRENCY_FORMATS, VARIABLE_LIMITS, type CurrencyFormat } from "@/lib/templates/variable-types";
import type { Variable } from "@/lib/templates/variables";
import { currencyParts } from "./currency-parts";
import { Field, inputClass } from "./editor-field";

/** The options only one field type takes: date bounds, currency, identity type, columns, labels, formula, choices. */
export function VariableTypeOptions({
  variable,
  disabled,
  numericNames,
  templateCurrency,
  set,
}: {
  variable: Variable;
  disabled: boolean;
  numericNames: string[];
  /** The template's currency, what a currency field without its own is written in. */
  templateCurrency?: string | null;
  set: (options: Partial<Variable["options"]>) => void;
}) {
  const t = useTranslations("templates");
  const locale = useLocale() as Locale;
  // The placeholder is the currency used when none is typed; the formats show this field's currency.
  const fallback = currencyParts(locale, null, templateCurrency);
  const money = currencyParts(locale, variable.options.currency, templateCurrency);
  const text = (value: string) => (value.trim() ? value : undefined);
  return (
    <>
      {variable.type === "date" && (
        <>
          <TextField
            label={t("dateFormat")}
            placeholder="DD/MM/YYYY"
            hint={t("dateFormatHint")}
            value={variable.options.dateFormat ?? ""}
            disabled={disabled}
            onChange={(e) => set({ dateFormat: text(e.target.value) })}
          />
          <TextField
            label={t("dateMin")}
            type="date"
            value={variable.options.dateMin ?? ""}
            disabled={disabled}
            onChange={(e) => set({ dateMin: text(e.target.value) })}
          />
          <TextField
            label={t("dateMax")}
            type="date"
            value={variable.options.dateMax ?? ""}
            disabled={disabled}
            onChange={(e) => set({ dateMax: text(e.target.value) })}
          />
        </>
      )}
      {variable.type === "currency" && (
        <>
          <TextField
            label={t("currency")}
            placeholder={fallback.code}
            maxLength={VARIABLE_LIMITS.currency}
            value={variable.options.currency ?? ""}
            disabled={disabled}
            onChange={(e) => set({ currency: text(e.target.value.toUpperCase()) })}
          />
          <Field label={t("currencyFormat")}>
            <select
              className={inputClass}
              value={variable.options.currencyFormat ?? "symbol"}
              disabled={disabled}
              onChange={(e) => set({ currencyFormat: e.target.value as CurrencyFormat })}
            >
              {CURRENCY_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`currencyFormats.${format}`, {
                    example: format === "symbol" ? money.symbol : format === "code" ? money.code : money.name,
                  })}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
      {variable.type === "identity" && (
        <Field label={t("identityType")}>
          <select
            className={inputClass}
            value={variable.options.identityType ?? ""}
            disabled={disabled}
            onChange={(e) => set({ identityType: (e.target.value || undefined) as Variable["options"]["identityType"] })}
          >
            <option value="">{t("identityTypeAny")}</option>
            {IDENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`identityTypes.${type}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {variable.type === "matrix" && (
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-3">
          {t("columns")}
          <textarea
            className={`${inputClass} min-h-20`}
            disabled={disabled}
            value={(variable.options.columns ?? []).join("\n")}
            onChange={(e) =>
              set({
                columns: e.target.value
                  .split("\n")
                  .map((s) => s.trim())
                  .filter(Boolean)
                  .slice(0, STRUCTURED_LIMITS.matrixColumns),
              })
            }
          />
          <span className="text-xs font-normal text-zinc-500">{t("columnsHint")}</span>
        </label>
      )}
      {variable.type === "checkbox" && (
        <>
          <TextField
            label={t("trueLabel")}
            placeholder={t("yes")}
            value={variable.options.trueLabel ?? ""}
            disabled={disabled}
            onChange={(e) => set({ trueLabel: text(e.target.value) })}
          />
          <TextField
            label={t("falseLabel")}
            placeholder={t("no")}
            value={variable.options.falseLabel ?? ""}
            disabled={disabled}
            onChange={(e) => set({ falseLabel: text(e.target.value) })}
          />
        </>
      )}
      {variable.type === "formula" && (
        <TextField
          className="sm:col-span-3"
          label={t("formula")}
          placeholder="[price] * 2 + [fee]"
          hint={t("formulaHint", { names: numericNames.map((n) => `[${n}]`).join(", ") || "—" })}
          value={variable.options.formula ?? ""}
          disabled={disabled}
          onChange={(e) => set({ formula: e.target.value })}
        />
      )}
      {(variable.type === "dropdown" || variable.type === "radio" || variable.type === "list") && (
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-3">
          {t("choices")}
          <textarea
            className={`${inputClass} min-h-20`}
            disabled={disabled}
            value={(variable.options.choices ?? []).join("\n")}
            onChange={(e) =>
              set({
                choices: e.target.value
                  .split("\n")
                  .map((s) => s.trim())
                  .filter(Boolean),
              })
            }
          />
          <span className="text-xs font-normal text-zinc-500">{t("choicesHint")}</span>
        </label>
      )}
    </>
  );
}
