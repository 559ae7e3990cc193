import { cachedIntl } from "./intl-cache";
import type { Locale } from "./locales";
import { DEFAULT_CURRENCY, intlLocale } from "./locale-rules";

/**
 * The one place dates, numbers and money are formatted (spec section 9): two fraction digits
 * for decimals, percent without grouping, a default currency per locale.
 */

/**
 * Spec section 9's default currencies for other languages and regions ("regional ones such as
 * GBP, AUD, CAD, MXN, JPY, CNY, INR, KRW"): the region decides first (en-GB pays in pounds, es-MX in
 * pesos), then the base language, then US dollars.
 */
export const REGION_CURRENCY: Readonly<Record<string, string>> = {
  US: "USD",
  GB: "GBP",
  AU: "AUD",
  CA: "CAD",
  MX: "MXN",
  BR: "BRL",
  JP: "JPY",
  CN: "CNY",
  IN: "INR",
  KR: "KRW",
  // Euro area
  AT: "EUR",
  BE: "EUR",
  CY: "EUR",
  DE: "EUR",
  EE: "EUR",
  ES: "EUR",
  FI: "EUR",
  FR: "EUR",
  GR: "EUR",
  HR: "EUR",
  IE: "EUR",
  IT: "EUR",
  LT: "EUR",
  LU: "EUR",
  LV: "EUR",
  MT: "EUR",
  NL: "EUR",
  PT: "EUR",
  SI: "EUR",
  SK: "EUR",
};

export const LANGUAGE_CURRENCY: Readonly<Record<string, string>> = {
  en: "USD",
  es: "EUR",
  ca: "EUR",
  pt: "EUR",
  fr: "EUR",
  de: "EUR",
  it: "EUR",
  nl: "EUR",
  ja: "JPY",
  zh: "CNY",
  hi: "INR",
  ko: "KRW",
};

const FALLBACK_CURRENCY = "USD";

/** The default currency of any language tag (`en-GB`, `es_MX`, `pt-br`, `ja`): region, then language, then USD. */
export function defaultCurrency(tag: string): string {
  const parts = tag.trim().replace(/_/g, "-").split("-");
  const language = parts[0]?.toLowerCase() ?? "";
  // The region is the first two-letter or three-digit subtag after the language (zh-Hans-CN → CN).
  const region = parts
    .slice(1)
    .find((part) => /^(?:[a-z]{2}|\d{3})$/i.test(part))
    ?.toUpperCase();
  return (region && REGION_CURRENCY[region]) || LANGUAGE_CURRENCY[language] || FALLBACK_CURRENCY;
}

export { DEFAULT_CURRENCY, INTL_LOCALES, intlLocale } from "./locale-rules";

export function formatNumber(locale: Locale, value: number): string {
  return cachedIntl(Intl.NumberFormat, intlLocale(locale), { maximumFractionDigits: 2 }).format(value);
}

export function formatDecimal(locale: Locale, value: number): string {
  return cachedIntl(Intl.NumberFormat, intlLocale(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** `value` is a ratio (0.25 → 25 %). */
export function formatPercent(locale: Locale, value: number): string {
  return cachedIntl(Intl.NumberFormat, intlLocale(locale), {
    style: "percent",
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);
}

/**
 * Amounts are stored in cents. `display` is Intl's currencyDisplay: "symbol" (€, the default),
 * "code" (EUR) or "name" (euros, in the locale's words).
 */
export function formatCurrency(
  locale: Locale,
  cents: number,
  currency = DEFAULT_CURRENCY[locale],
  display: "symbol" | "code" | "name" = "symbol",
): string {
  return cachedIntl(Intl.NumberFormat, intlLocale(locale), {
    style: "currency",
    currency: currency.toUpperCase(),
    currencyDisplay: display,
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
  return cachedIntl(Intl.DateTimeFormat, intlLocale(locale), { ...options, timeZone }).format(new Date(value));
}

export function formatDateTime(locale: Locale, value: Date | string, timeZone?: string): string {
  return formatDate(locale, value, { dateStyle: "medium", timeStyle: "short" }, timeZone);
}
