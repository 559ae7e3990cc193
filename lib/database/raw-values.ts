import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Column values of a `$queryRaw` row as Prisma's model queries give them: the drivers differ
 * (PostgreSQL's gives dates and parsed JSON; the embedded one may give their text).
 */
export const asDate = (value: Date | string | null): Date | null => (value === null || value instanceof Date ? value : new Date(value));

/** A JSON column: parsed already, or its text. */
export const asJson = (value: unknown): Prisma.JsonValue => (typeof value === "string" ? JSON.parse(value) : value) as Prisma.JsonValue;

/**
 * A `timestamp` (Prisma's DateTime, stored in UTC without a zone) as text, the way PostgreSQL
 * writes it in a row ("2026-11-28 06:00:00.123") or inside a JSON value it built
 * ("2026-11-28T06:00:00.123"), as the Date Prisma gives: in UTC, not the process's time zone.
 */
export const utcTimestamp = (text: string): Date => {
  const iso = text.replace(" ", "T");
  return new Date(/(?:Z|[+-]\d\d:?\d\d)$/.test(iso) ? iso : `${iso}Z`);
};
