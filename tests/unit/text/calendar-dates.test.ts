import { describe, expect, it } from "vitest";
import { calendarDay, dayBounds, isCalendarDay, moment, momentOrDay, storableDate } from "@/lib/text/calendar-dates";

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("dates before they reach PostgreSQL", () => {
  it("a calendar day exists and has a year PostgreSQL stores (0001 to 9999)", () => {
    for (const day of ["2024-02-29", "0001-01-01", "9999-12-31", "2026-11-29"]) expect(isCalendarDay(day), day).toBe(true);
    // No year 0 in PostgreSQL, no February 30th, no month 13; only YYYY-MM-DD.
    for (const day of ["0000-01-01", "2023-02-29", "2024-02-30", "2024-13-45", "2024-1-01", "20240101", "2024-01-01T00:00:00Z", ""])
      expect(isCalendarDay(day), day).toBe(false);
    expect(issue(calendarDay.safeParse("2024-02-30"))).toBe("date");
  });

  it("a moment has its offset and a four-digit year; a moment or a day takes either", () => {
    expect(moment.safeParse("2026-11-29T17:00:00Z").success).toBe(true);
    expect(moment.safeParse("2026-11-29T17:00:00+01:00").success).toBe(true);
    expect(issue(moment.safeParse("0000-06-01T00:00:00Z"))).toBe("dateRange");
    expect(moment.safeParse("2026-11-29").success).toBe(false);
    expect(momentOrDay.safeParse("2026-11-29").success).toBe(true);
    expect(momentOrDay.safeParse("2026-11-29T17:00:00Z").success).toBe(true);
    for (const value of ["0000-01-01", "2024-13-45", "2024-02-30", "0000-06-01T00:00:00Z", "soon"])
      expect(issue(momentOrDay.safeParse(value)), value).toBe("date");
  });

  it("a date read by `new Date` stays within years 0001 to 9999", () => {
    expect(storableDate.parse("2026-11-29T17:00:00Z")).toEqual(new Date("2026-11-29T17:00:00Z"));
    expect(issue(storableDate.safeParse("0000-01-01T00:00:00Z"))).toBe("dateRange");
    expect(issue(storableDate.safeParse(8.64e15))).toBe("dateRange");
    expect(storableDate.safeParse("not a date").success).toBe(false);
  });

  it("a filter by days ends at the start of the day after `to`, and has no end after 9999-12-31", () => {
    expect(dayBounds("2026-01-01", "2026-01-31")).toEqual({
      from: new Date("2026-01-01T00:00:00Z"),
      before: new Date("2026-02-01T00:00:00Z"),
    });
    expect(dayBounds(undefined, "9999-12-31")).toEqual({});
    expect(dayBounds("0001-01-01")).toEqual({ from: new Date("0001-01-01T00:00:00Z") });
  });
});
