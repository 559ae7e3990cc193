"use client";

/** One field's settings on the template screen. */

import { useTranslations } from "@/lib/i18n/client";
import { TextField } from "@/components/ui/text-field";
import { FIELD_NAME_PATTERN, VARIABLE_LIMITS, VARIABLE_TYPES, type VariableType } from "@/lib/templates/variable-types";
import type { Variable } from "@/lib/templates/variables";
import { Field, inputClass } from "./editor-field";
import { VariableTypeOptions } from "./variable-type-options";

/** One field's settings: its type, whether it is required, and the options its type takes. */
export function VariableRow({
  variable,
  onChange,
  disabled,
  numericNames,
  templateCurrency,
}: {
  variable: Variable;
  onChange: (v: Variable) => void;
  disabled: boolean;
  numericNames: string[];
  /** The template's currency, for a currency field without its own. */
  templateCurrency?: string | null;
}) {
  const t = useTranslations("templates");
  const set = (options: Partial<Variable["options"]>) => onChange({ ...variable, options: { ...variable.options, ...options } });
  const text = (value: string) => (value.trim() ? value : undefined);
  // A new type starts with its own options; what every type takes (form name, help, retention) stays.
  const changeType = (type: VariableType) => {
    const { variableName, helpText, placeholder, anonymizedAt } = variable.options;
    const kept = Object.fromEntries(
      Object.entries({ variableName, helpText, placeholder, anonymizedAt }).filter(([, value]) => value !== undefined),
    );
    onChange({ ...variable, type, options: kept });
  };
  return (
    <fieldset className="rounded-lg border border-zinc-200 bg-white p-4" data-testid="variable-row" data-name={variable.name}>
      <legend className="px-1 font-mono text-sm font-semibold">{variable.name}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("type")}>
          <select
            className={inputClass}
            value={variable.type}
            disabled={disabled}
            onChange={(e) => changeType(e.target.value as VariableType)}
          >
            {VARIABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          label={t("label")}
          value={variable.label ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.label}
          onChange={(e) => onChange({ ...variable, label: text(e.target.value) })}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            checked={variable.required}
            disabled={disabled || variable.type === "formula"}
            onChange={(e) => onChange({ ...variable, required: e.target.checked })}
          />
          {t("required")}
        </label>
        <VariableTypeOptions
          variable={variable}
          disabled={disabled}
          numericNames={numericNames}
          templateCurrency={templateCurrency}
          set={set}
        />
        <TextField
          label={t("variableName")}
          hint={t("variableNameHint")}
          placeholder={variable.name}
          value={variable.options.variableName ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.name}
          pattern={FIELD_NAME_PATTERN}
          onChange={(e) => set({ variableName: text(e.target.value) })}
        />
        <TextField
          label={t("placeholder")}
          value={variable.options.placeholder ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.placeholder}
          onChange={(e) => set({ placeholder: text(e.target.value) })}
        />
        <TextField
          label={t("anonymizedAt")}
          hint={t("anonymizedAtHint")}
          type="number"
          min={0}
          max={VARIABLE_LIMITS.anonymizedAt}
          step={1}
          value={variable.options.anonymizedAt ?? ""}
          disabled={disabled}
          onChange={(e) =>
            set({
              anonymizedAt:
                e.target.value === "" ? undefined : Math.max(0, Math.min(VARIABLE_LIMITS.anonymizedAt, Math.trunc(Number(e.target.value)))),
            })
          }
        />
        <TextField
          className="sm:col-span-3"
          label={t("helpText")}
          value={variable.options.helpText ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.helpText}
          onChange={(e) => set({ helpText: text(e.target.value) })}
        />
      </div>
    </fieldset>
  );
}
