import type { Locale } from "./locales";

/**
 * The spec's locale rules (section 9) as the browser needs them too: a plain module with no
 * tables beyond these, so a client component importing it (lib/i18n/client.tsx, the currency
 * fields) carries a few bytes, not lib/i18n/format.ts.
 */

/** A default currency per interface language. */
export const DEFAULT_CURRENCY: Record<Locale, string> = {
  en: "USD",
  es: "EUR",
  ca: "EUR",
  pt: "EUR",
  "pt-br": "BRL",
};

/**
 * The tag Intl is given for each interface language (spec section 9's locale rules): `pt` is
 * Portugal's Portuguese, pt-PT ("29,00 €"; Intl's bare `pt` is Brazil's, "€ 29,00"), `pt-br`
 * Brazil's, pt-BR (Intl wants the region upper-case). Every date, number and currency goes
 * through it, on the server and in the browser alike.
 */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: "en", es: "es", ca: "ca", pt: "pt-PT", "pt-br": "pt-BR" };

export const intlLocale = (locale: Locale) => INTL_LOCALES[locale] ?? locale;
