import type { Locale } from "./locales";

/**
 * The one place dates, numbers and money are formatted (spec section 9): two fraction digits
 * for decimals, percent without grouping, a default currency per locale.
 */
export const DEFAULT_CURRENCY: Record<Locale, string> = {
  en: "USD",
  es: "EUR",
  ca: "EUR",
  pt: "EUR",
  "pt-br": "BRL",
};

/** Intl wants region subtags upper-case (pt-BR). */
const intlLocale = (locale: Locale) => (locale === "pt-br" ? "pt-BR" : locale);

export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value);
}

export function formatDecimal(locale: Locale, value: number): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** `value` is a ratio (0.25 → 25 %). */
export function formatPercent(locale: Locale, value: number): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "percent",
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);
}

/** Amounts are stored in cents. */
export function formatCurrency(locale: Locale, cents: number, currency = DEFAULT_CURRENCY[locale]): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

export function formatDate(
  locale: Locale,
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
  timeZone?: string,
): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone }).format(new Date(value));
}

export function formatDateTime(locale: Locale, value: Date | string, timeZone?: string): string {
  return formatDate(locale, value, { dateStyle: "medium", timeStyle: "short" }, timeZone);
}
