import { formatCurrency, formatDate, formatDateTime, formatDecimal, formatNumber, formatPercent } from "./format";
import type { Locale } from "./locales";

/** The functions of lib/i18n/format.ts with the locale and time zone already given. */
export type BoundFormat = {
  locale: Locale;
  /** The zone dates show in (the user's saved one, else UTC); undefined: the runtime's. */
  timeZone: string | undefined;
  /** A date; `options.timeZone` wins over the bound zone (calendar dates stored at midnight UTC). */
  date: (value: Date | string, options?: Intl.DateTimeFormatOptions) => string;
  /** Date and time, medium date and short time (spec section 9's one style for timestamps). */
  dateTime: (value: Date | string) => string;
  number: (value: number) => string;
  decimal: (value: number) => string;
  /** `value` is a ratio (0.25 → 25 %). */
  percent: (value: number) => string;
  /** `cents` as stored; the locale's default currency unless one is given. */
  currency: (cents: number, currency?: string) => string;
};

/** Binds the one formatting module to a locale and a time zone (components use it through useFormat). */
export function bindFormat(locale: Locale, timeZone?: string): BoundFormat {
  return {
    locale,
    timeZone,
    date: (value, options) => formatDate(locale, value, options, options?.timeZone ?? timeZone),
    dateTime: (value) => formatDateTime(locale, value, timeZone),
    number: (value) => formatNumber(locale, value),
    decimal: (value) => formatDecimal(locale, value),
    percent: (value) => formatPercent(locale, value),
    currency: (cents, currency) => formatCurrency(locale, cents, currency),
  };
}
