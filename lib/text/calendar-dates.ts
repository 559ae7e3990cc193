import { z } from "zod";

/**
 * Dates as people and clients type them, checked before they reach PostgreSQL: its timestamps
 * have no year 0 and read JavaScript's six-digit years (`+010000-…`) as an error, and JavaScript
 * turns "2024-13-45" into an invalid date and "2024-02-30" into March 1st. Each of these failed
 * as an internal error, or was stored as another day.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The years PostgreSQL and JavaScript both write as four digits. */
const inRange = (time: number) => !Number.isNaN(time) && new Date(time).getUTCFullYear() >= 1 && new Date(time).getUTCFullYear() <= 9999;

/** A calendar day, YYYY-MM-DD, that exists (no February 30th), in years 0001 to 9999. */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return inRange(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A calendar day (isCalendarDay); a refusal names the `errors.fields.date` text. */
export const calendarDay = z.string().refine(isCalendarDay, "date");

/** A moment with its offset (ISO 8601: `2026-11-29T17:00:00Z`, `…+01:00`) in years 0001 to 9999 (else `dateRange`). */
export const moment = z.iso.datetime({ offset: true }).refine((value) => inRange(Date.parse(value)), "dateRange");

/** A moment (as `moment`) or a calendar day. */
export const momentOrDay = z.string().refine((value) => (DAY.test(value) ? isCalendarDay(value) : moment.safeParse(value).success), "date");

/** Anything `new Date` reads (a moment, a day, milliseconds), in years 0001 to 9999 (else `dateRange`). */
export const storableDate = z.coerce.date().refine((date) => inRange(date.getTime()), "dateRange");

/**
 * The bounds of a filter by days, `from` and `to` included (each a calendar day): the start of
 * `from`, and the start of the day after `to` (none after 9999-12-31: every date is before it).
 */
export function dayBounds(from?: string, to?: string): { from?: Date; before?: Date } {
  const after = to ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : NaN;
  return {
    ...(from ? { from: new Date(`${from}T00:00:00Z`) } : {}),
    ...(inRange(after) ? { before: new Date(after) } : {}),
  };
}
