/** The interface languages (spec section 9). `pt-br` is Brazilian Portuguese. */
export const LOCALES = ["en", "es", "ca", "pt", "pt-br"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Cookie that carries a signed-out visitor's language choice. */
export const LOCALE_COOKIE = "locale";

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/** Exact match first (pt-BR → pt-br), then the base language (es-MX → es), else null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replace("_", "-");
  if (isLocale(lower)) return lower;
  const base = lower.split("-")[0];
  return isLocale(base) ? base : null;
}

/** Languages of an Accept-Language header, best first. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part) => {
      const [tag, ...rest] = part.trim().split(";");
      const q = rest.find((p) => p.trim().startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

/**
 * The locale rule of spec section 9: the user's setting, else an explicit choice (language
 * header or cookie), else the browser's languages (each exact, then its base), else English.
 */
export function resolveLocale(input: { userLanguage?: string | null; explicit?: string | null; acceptLanguage?: string | null }): Locale {
  return (
    matchLocale(input.userLanguage) ??
    matchLocale(input.explicit) ??
    parseAcceptLanguage(input.acceptLanguage)
      .map(matchLocale)
      .find((l) => l !== null) ??
    DEFAULT_LOCALE
  );
}
