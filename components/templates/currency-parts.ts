import { DEFAULT_CURRENCY, intlLocale } from "@/lib/i18n/locale-rules";
import type { Locale } from "@/lib/i18n/locales";

/** A currency as the interface names it: its ISO code, symbol ($, €, R$) and plural name (US dollars), in `locale`. */
export type CurrencyParts = { code: string; symbol: string; name: string };

const part = (locale: Locale, code: string, display: "symbol" | "name", amount: number) =>
  new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: code, currencyDisplay: display })
    .formatToParts(amount)
    .find((p) => p.type === "currency")?.value ?? code;

/**
 * The parts of the currency a currency field is written in (issue 39, item 10): its own
 * (`options.currency`), else the template's, else the interface language's, as the document
 * writes it (lib/templates/fill-values.ts). Read from Intl.NumberFormat's parts, so the code, the
 * symbol and the name always describe the same currency. An unknown code keeps the code everywhere.
 */
export function currencyParts(locale: Locale, fieldCurrency?: string | null, templateCurrency?: string | null): CurrencyParts {
  const code = (fieldCurrency?.trim() || templateCurrency?.trim() || DEFAULT_CURRENCY[locale]).toUpperCase();
  try {
    return { code, symbol: part(locale, code, "symbol", 1), name: part(locale, code, "name", 2) };
  } catch {
    return { code, symbol: code, name: code };
  }
}
