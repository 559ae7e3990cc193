type IntlFormatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules | Intl.ListFormat;

const cache = new Map<string, IntlFormatter>();

/**
 * One Intl object per kind, locale and options, made once, as next-intl caches them: making one
 * costs far more than using it (a date format made for each date took 1.5 ms of each dashboard
 * load on the server). Shared by lib/i18n/format.ts and the client translations. The keys are
 * bounded by the code's options, the five languages and the time zones; past 1,000 it starts over.
 */
export function cachedIntl<T extends IntlFormatter>(
  kind: new (locale: string, options?: object) => T,
  locale: string,
  options?: object,
): T {
  const key = `${kind.name}|${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    if (cache.size >= 1_000) cache.clear();
    cache.set(key, (formatter = new kind(locale, options)));
  }
  return formatter;
}
