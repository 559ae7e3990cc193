import { DEFAULT_CURRENCY, formatCurrency, formatNumber, formatPercent } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { formatDateValue } from "./format-date-value";
import type { Variable } from "./variables";

/**
 * A stored variable value as one short line for the variables panel: lists joined, a geo point
 * as "lat, long", an address by its parts, a data map as "key: value" pairs, a table by rows,
 * a file by its name.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (Array.isArray(item)) return item.map(String).join(" · ");
        if (item && typeof item === "object" && "key" in item)
          return `${String((item as { key: unknown }).key)}: ${String((item as { value?: unknown }).value ?? "")}`;
        return displayValue(item);
      })
      .join(Array.isArray(value[0]) || (value[0] && typeof value[0] === "object") ? " / " : ", ");
  }
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ("latitude" in record && "longitude" in record) return `${String(record.latitude)}, ${String(record.longitude)}`;
    // An upload field's file: its name.
    if (typeof record.name === "string" && typeof record.mimetype === "string") return record.name;
    return Object.values(record)
      .filter((part) => part !== null && part !== undefined && part !== "")
      .map(String)
      .join(", ");
  }
  return String(value);
}

/**
 * A field's value as the Fields tab shows it, in the reader's language (issue 16, part 1):
 * numbers, percentages and amounts through Intl with the locale's rules, a date as the locale's
 * long date, a checkbox by its own texts or Yes/No; anything else as displayValue does.
 */
export function fieldDisplay(
  variable: Pick<Variable, "type" | "options">,
  value: unknown,
  locale: Locale,
  templateCurrency?: string | null,
): string {
  if (value === null || value === undefined || value === "") return "—";
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  switch (variable.type) {
    case "number":
    case "formula":
      return Number.isFinite(n) ? formatNumber(locale, n) : displayValue(value);
    case "percentage":
      return Number.isFinite(n) ? formatPercent(locale, n / 100) : displayValue(value);
    case "currency": {
      if (!Number.isFinite(n)) return displayValue(value);
      const currency = (variable.options.currency ?? templateCurrency ?? DEFAULT_CURRENCY[locale]).toUpperCase();
      return formatCurrency(locale, Math.round(n * 100), currency, variable.options.currencyFormat);
    }
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDateValue(value, locale) : displayValue(value);
    case "checkbox": {
      const on = value === true || value === "true";
      const own = on ? variable.options.trueLabel : variable.options.falseLabel;
      return own || getTranslator(locale)(on ? "templates.yes" : "templates.no");
    }
    default:
      return displayValue(value);
  }
}
