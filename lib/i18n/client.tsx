"use client";

import format, { type CompiledMessage } from "icu-minify/format";
import { intlLocale } from "./locale-rules";
import { cachedIntl } from "./intl-cache";
import type { Locale } from "./locales";
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
type Intl_ = { locale: string; timeZone: string | undefined; messages: Messages; version: string };
export type TranslationValues = Record<string, string | number | Date>;

const IntlContext = createContext<Intl_ | null>(null);

/**
 * `messages` is the screen's catalogue as JSON text (components/i18n/client-messages.tsx). As
 * text it crosses the RSC payload as one value rather than one per message, and the same text
 * gives the same catalogue object here, request after request: so a screen's translators and
 * their lookups are built once per process (server) or page (browser), not on every render.
 */
export function ClientIntlProvider({
  locale,
  timeZone,
  messages,
  version,
  children,
}: {
  locale: string;
  timeZone: string | undefined;
  messages: string;
  /** The version of the language's catalogue, for the messages fetched later (useMessagesSource). */
  version: string;
  children: ReactNode;
}) {
  const catalogue = parsedCatalogue(messages);
  const value = useMemo(() => ({ locale, timeZone, messages: catalogue, version }), [locale, timeZone, catalogue, version]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

/**
 * Adds messages fetched after the page loaded (components/i18n/lazy-with-messages.tsx: a panel's
 * namespaces, as JSON text) to those of the provider above, for the components below.
 */
export function MoreMessages({ messages, children }: { messages: string; children: ReactNode }) {
  const intl = useIntl();
  const catalogue = mergedCatalogue(intl.messages, parsedCatalogue(messages));
  const value = useMemo(() => ({ ...intl, messages: catalogue }), [intl, catalogue]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

/** The same two catalogues give the same merged object, so its translators are kept (translatorOf). */
const merges = new WeakMap<Messages, WeakMap<Messages, Messages>>();
function mergedCatalogue(base: Messages, more: Messages): Messages {
  let byMore = merges.get(base);
  if (!byMore) merges.set(base, (byMore = new WeakMap()));
  let catalogue = byMore.get(more);
  if (!catalogue) byMore.set(more, (catalogue = merge(base, more)));
  return catalogue;
}

const isBranch = (value: Messages | CompiledMessage | undefined): value is Messages =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function merge(base: Messages, more: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const own = merged[key];
    merged[key] = isBranch(own) && isBranch(value) ? merge(own, value) : value;
  }
  return merged;
}

/** Catalogues by their text; a server holds one per language and screen, a browser a few. */
const catalogues = new Map<string, Messages>();
const CATALOGUES_KEPT = 200;
function parsedCatalogue(text: string): Messages {
  let catalogue = catalogues.get(text);
  if (!catalogue) {
    if (catalogues.size >= CATALOGUES_KEPT) catalogues.delete(catalogues.keys().next().value!);
    catalogues.set(text, (catalogue = JSON.parse(text) as Messages));
  }
  return catalogue;
}

function useIntl(): Intl_ {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error("No messages for this component: render it inside <ClientMessages> (components/i18n/client-messages.tsx).");
  return intl;
}

const formatters = {
  getDateTimeFormat: (locale?: string | string[], options?: Intl.DateTimeFormatOptions) =>
    cachedIntl(Intl.DateTimeFormat, String(locale), options),
  getNumberFormat: (locale?: string | string[], options?: Intl.NumberFormatOptions) =>
    cachedIntl(Intl.NumberFormat, String(locale), options),
  getPluralRules: (locale?: string | string[], options?: Intl.PluralRulesOptions) => cachedIntl(Intl.PluralRules, String(locale), options),
};

export type Translator = ((key: string, values?: TranslationValues) => string) & { has: (key: string) => boolean };

/** `t(key, values)` for the keys under `namespace` ("documents", "signing.panel"…). */
export function useTranslations(namespace?: string): Translator {
  const intl = useIntl();
  return translatorOf(intl, namespace);
}

/** One translator per catalogue, language, time zone and namespace (catalogues are kept: above). */
const translators = new WeakMap<Messages, Map<string, Translator>>();
function translatorOf(intl: Intl_, namespace: string | undefined): Translator {
  let byKey = translators.get(intl.messages);
  if (!byKey) translators.set(intl.messages, (byKey = new Map()));
  const id = `${intl.locale}|${intl.timeZone ?? ""}|${namespace ?? ""}`;
  let t = byKey.get(id);
  if (!t) byKey.set(id, (t = translator(intl, namespace)));
  return t;
}

function translator({ locale, timeZone, messages }: Intl_, namespace: string | undefined): Translator {
  const base = namespace ? lookup(messages, namespace) : messages;
  const found = new Map<string, Messages | CompiledMessage | undefined>();
  const find = (key: string) => {
    if (found.has(key)) return found.get(key);
    const message = base && typeof base === "object" && !Array.isArray(base) ? lookup(base as Messages, key) : undefined;
    found.set(key, message);
    return message;
  };
  const t = (key: string, values?: TranslationValues) => {
    const message = find(key);
    const path = () => (namespace ? `${namespace}.${key}` : key);
    if (message === undefined || (typeof message === "object" && !Array.isArray(message))) {
      console.error(`MISSING_MESSAGE: Could not resolve \`${path()}\` in messages for locale \`${locale}\`.`);
      return path();
    }
    // A message without arguments is its own text (icu-minify compiles it to a plain string).
    if (typeof message === "string") return message;
    if (plainParts(message)) return joinPlain(message, values);
    try {
      const result = format(message as CompiledMessage, locale, values, { formatters, timeZone });
      if (typeof result === "string") return result;
      throw new Error("the message is not plain text");
    } catch (error) {
      console.error(`FORMATTING_ERROR: ${path()}: ${error instanceof Error ? error.message : String(error)}`);
      return path();
    }
  };
  return Object.assign(t, { has: (key: string) => find(key) !== undefined });
}

/**
 * Whether a compiled message is only text and plain arguments ("Select {name}": `["Select ",
 * ["name"]]`), kept per message. Those are put together by joinPlain, as icu-minify would (an
 * argument as `String(value)`), without its general path's arrays: a list formats two such
 * labels a row (issue 15).
 */
const plainMessages = new WeakMap<object, boolean>();
function plainParts(message: CompiledMessage): message is (string | [string])[] {
  if (!Array.isArray(message)) return false;
  let plain = plainMessages.get(message);
  if (plain === undefined) {
    plain = message.every((part) => typeof part === "string" || (Array.isArray(part) && part.length === 1 && typeof part[0] === "string"));
    plainMessages.set(message, plain);
  }
  return plain;
}

function joinPlain(message: (string | [string])[], values: TranslationValues | undefined): string {
  let text = "";
  for (const part of message) text += typeof part === "string" ? part : String(values?.[part[0]]);
  return text;
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
/** The language and the version of its catalogue: where a component fetches more of its messages. */
export function useMessagesSource(): { locale: string; version: string } {
  const { locale, version } = useIntl();
  return { locale, version };
}
export const useTimeZone = (): string | undefined => useIntl().timeZone;

/** Dates, numbers and lists in the screen's language and the request's time zone. */
export function useFormatter() {
  const { locale, timeZone } = useIntl();
  const id = `${locale}|${timeZone ?? ""}`;
  let formatter = dateAndNumberFormatters.get(id);
  if (!formatter) dateAndNumberFormatters.set(id, (formatter = formatterFor(locale, timeZone)));
  return formatter;
}

/** The browser's formatters of one language and time zone; Intl gets the language's tag as the server gives it (lib/i18n/format.ts: pt is pt-PT, "29,00 €"). */
export const formatterFor = (language: string, timeZone: string | undefined) => {
  const locale = intlLocale(language as Locale);
  return {
    dateTime: (value: Date | number, options?: Intl.DateTimeFormatOptions) =>
      cachedIntl(Intl.DateTimeFormat, locale, { timeZone, ...options }).format(value),
    number: (value: number | bigint, options?: Intl.NumberFormatOptions) => cachedIntl(Intl.NumberFormat, locale, options).format(value),
    list: (value: Iterable<string>, options?: Intl.ListFormatOptions) => cachedIntl(Intl.ListFormat, locale, options).format(value),
  };
};
/** One per language and time zone, like the Intl objects they use. */
const dateAndNumberFormatters = new Map<string, ReturnType<typeof formatterFor>>();
