"use client";

import format, { type CompiledMessage } from "icu-minify/format";
import { createContext, useContext, useMemo, type ReactNode } from "react";

/**
 * The translation runtime of client components: useTranslations, useFormatter, useLocale and
 * useTimeZone, as next-intl names them, over the same catalogues (precompiled at build time by
 * next-intl's plugin, next.config.ts) and the same message formatter (icu-minify's, the one
 * next-intl runs). About 2 KB gzip lighter than next-intl's client on every screen that
 * translates in the browser (docs/benchmarks.md, "First-load JavaScript"). Server components keep
 * next-intl (`getTranslations`); components/i18n/client-messages.tsx gives this provider each
 * screen's messages.
 *
 * A message that is missing or cannot be formatted shows its key and is reported as next-intl
 * reports it (`MISSING_MESSAGE`, `FORMATTING_ERROR` in the console), which
 * tests/e2e/performance/client-messages.spec.ts watches for.
 */

type Messages = { [key: string]: Messages | CompiledMessage };
type Intl_ = { locale: string; timeZone: string | undefined; messages: Messages };
export type TranslationValues = Record<string, string | number | Date>;

const IntlContext = createContext<Intl_ | null>(null);

export function ClientIntlProvider({ locale, timeZone, messages, children }: Intl_ & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, timeZone, messages }), [locale, timeZone, messages]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

function useIntl(): Intl_ {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error("No messages for this component: render it inside <ClientMessages> (components/i18n/client-messages.tsx).");
  return intl;
}

// One Intl object per locale and options, as next-intl caches them: building one costs far more
// than using it.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules | Intl.ListFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules | Intl.ListFormat>(
  kind: new (locale: string, options?: object) => T,
  locale: string,
  options?: object,
): T {
  const key = `${kind.name}|${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) cache.set(key, (formatter = new kind(locale, options)));
  return formatter;
}
const formatters = {
  getDateTimeFormat: (locale?: string | string[], options?: Intl.DateTimeFormatOptions) =>
    cached(Intl.DateTimeFormat, String(locale), options),
  getNumberFormat: (locale?: string | string[], options?: Intl.NumberFormatOptions) => cached(Intl.NumberFormat, String(locale), options),
  getPluralRules: (locale?: string | string[], options?: Intl.PluralRulesOptions) => cached(Intl.PluralRules, String(locale), options),
};

export type Translator = ((key: string, values?: TranslationValues) => string) & { has: (key: string) => boolean };

/** `t(key, values)` for the keys under `namespace` ("documents", "signing.panel"…). */
export function useTranslations(namespace?: string): Translator {
  const { locale, timeZone, messages } = useIntl();
  return useMemo(() => translator({ locale, timeZone, messages }, namespace), [locale, timeZone, messages, namespace]);
}

function translator({ locale, timeZone, messages }: Intl_, namespace: string | undefined): Translator {
  const base = namespace ? lookup(messages, namespace) : messages;
  const find = (key: string) => (base && typeof base === "object" && !Array.isArray(base) ? lookup(base as Messages, key) : undefined);
  const t = (key: string, values?: TranslationValues) => {
    const path = namespace ? `${namespace}.${key}` : key;
    const message = find(key);
    if (message === undefined || (typeof message === "object" && !Array.isArray(message))) {
      console.error(`MISSING_MESSAGE: Could not resolve \`${path}\` in messages for locale \`${locale}\`.`);
      return path;
    }
    try {
      const result = format(message as CompiledMessage, locale, values, { formatters, timeZone });
      if (typeof result === "string") return result;
      throw new Error("the message is not plain text");
    } catch (error) {
      console.error(`FORMATTING_ERROR: ${path}: ${error instanceof Error ? error.message : String(error)}`);
      return path;
    }
  };
  return Object.assign(t, { has: (key: string) => find(key) !== undefined });
}

function lookup(messages: Messages, path: string): Messages | CompiledMessage | undefined {
  let node: Messages | CompiledMessage | undefined = messages;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
    node = (node as Messages)[part];
  }
  return node;
}

export const useLocale = (): string => useIntl().locale;
export const useTimeZone = (): string | undefined => useIntl().timeZone;

/** Dates, numbers and lists in the screen's language and the request's time zone. */
export function useFormatter() {
  const { locale, timeZone } = useIntl();
  return useMemo(
    () => ({
      dateTime: (value: Date | number, options?: Intl.DateTimeFormatOptions) =>
        cached(Intl.DateTimeFormat, locale, { timeZone, ...options }).format(value),
      number: (value: number | bigint, options?: Intl.NumberFormatOptions) => cached(Intl.NumberFormat, locale, options).format(value),
      list: (value: Iterable<string>, options?: Intl.ListFormatOptions) => cached(Intl.ListFormat, locale, options).format(value),
    }),
    [locale, timeZone],
  );
}
