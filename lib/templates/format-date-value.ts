/** A date field's text by its pattern, in the template's language. */

import { intlLocale } from "@/lib/i18n/format";
import { cachedIntl } from "@/lib/i18n/intl-cache";
import type { Locale } from "@/lib/i18n/locales";

/** Dates by pattern: YYYY, YY, MMMM (month name), MM, M, DD, D. Without one, the locale's long date. */
export function formatDateValue(iso: string, locale: Locale, pattern?: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!pattern) return cachedIntl(Intl.DateTimeFormat, intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(date);
  const monthName = cachedIntl(Intl.DateTimeFormat, intlLocale(locale), { month: "long", timeZone: "UTC" }).format(date);
  const pad = (n: number) => String(n).padStart(2, "0");
  return pattern.replace(
    /YYYY|YY|MMMM|MM|M|DD|D/g,
    (token) =>
      ({ YYYY: String(year), YY: String(year).slice(-2), MMMM: monthName, MM: pad(month), M: String(month), DD: pad(day), D: String(day) })[
        token
      ] as string,
  );
}
