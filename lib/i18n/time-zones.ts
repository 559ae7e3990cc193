import { intlLocale } from "./format";
import type { Locale } from "./locales";

/** One entry of a time-zone picker: the IANA id as the value, a readable label in the reader's language. */
export type TimeZoneOption = { id: string; label: string; offsetMinutes: number };

// Made here rather than through cachedIntl: the whole list is two formatters for each of 400-odd
// zones, which would fill (and clear) the shared cache; the lists themselves are kept below.
const part = (locale: string, timeZone: string, timeZoneName: "longGeneric" | "longOffset", at: Date) =>
  new Intl.DateTimeFormat(locale, { timeZone, timeZoneName }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "";

/** "GMT+05:30" (Intl's longOffset) as minutes east of UTC; "GMT" alone is UTC. */
const offsetMinutes = (longOffset: string) => {
  const match = /([+-−])(\d{1,2})(?::?(\d{2}))?/.exec(longOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === "+" ? minutes : -minutes;
};

const utcOffset = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "−" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};

/** The city of an IANA id: its last part, spaced ("America/Argentina/Buenos_Aires" → "Buenos Aires"). */
export const timeZoneCity = (id: string) => (id.split("/").pop() ?? id).replace(/_/g, " ");

/**
 * A time zone as people read it (Intl.DisplayNames has no time-zone type): the zone's generic
 * name in `locale` (Intl.DateTimeFormat's longGeneric), its city and its offset from UTC at `at`,
 * "Central European Time — Madrid (UTC+01:00)". A zone named by its offset only ("GMT+03:00")
 * reads "Istanbul (UTC+03:00)"; the city is not repeated when the name holds it.
 */
export function timeZoneLabel(locale: Locale, id: string, at = new Date()): string {
  const tag = intlLocale(locale);
  const offset = offsetMinutes(part(tag, id, "longOffset", at));
  const generic = part(tag, id, "longGeneric", at);
  const city = timeZoneCity(id);
  const named = generic && !/^(GMT|UTC)([+-−]|$)/.test(generic);
  const name = !named || generic.includes(city) ? (named ? generic : city) : `${generic} — ${city}`;
  return `${name} (${utcOffset(offset)})`;
}

/** The lists made, by language and hour (an offset changes on the hour at most). */
const lists = new Map<string, TimeZoneOption[]>();

/** The zones for a picker, west to east, then by label; computed on the server and passed to the browser. */
export function timeZoneOptions(locale: Locale, ids?: readonly string[], at = new Date()): TimeZoneOption[] {
  if (ids) return makeOptions(locale, ids, at);
  const key = `${locale}|${at.toISOString().slice(0, 13)}`;
  let list = lists.get(key);
  if (!list) {
    if (lists.size >= 20) lists.clear();
    lists.set(key, (list = makeOptions(locale, Intl.supportedValuesOf("timeZone"), at)));
  }
  return list;
}

function makeOptions(locale: Locale, ids: readonly string[], at: Date): TimeZoneOption[] {
  const tag = intlLocale(locale);
  return ids
    .map((id): TimeZoneOption => ({
      id,
      label: timeZoneLabel(locale, id, at),
      offsetMinutes: offsetMinutes(part(tag, id, "longOffset", at)),
    }))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.label.localeCompare(b.label, tag));
}
