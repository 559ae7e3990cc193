"use client";

import { useLocale, useTimeZone } from "@/lib/i18n/client";
import { useMemo } from "react";
import { bindFormat, type BoundFormat } from "./bind-format";
import { DEFAULT_LOCALE, matchLocale } from "./locales";

/**
 * lib/i18n/format.ts for client components: bound to the interface language and the time zone
 * the request configured (i18n/request.ts: the user's saved zone, else UTC), so a date
 * reads the same in every screen and in the server-rendered HTML. Use this rather than
 * next-intl's useFormatter: one formatting module (spec section 9).
 */
export function useFormat(): BoundFormat {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return useMemo(() => bindFormat(matchLocale(locale) ?? DEFAULT_LOCALE, timeZone), [locale, timeZone]);
}
