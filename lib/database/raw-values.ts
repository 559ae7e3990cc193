import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Column values of a `$queryRaw` row as Prisma's model queries give them: the drivers differ
 * (PostgreSQL's gives dates and parsed JSON; the embedded one may give their text).
 */
export const asDate = (value: Date | string | null): Date | null => (value === null || value instanceof Date ? value : new Date(value));

/** A JSON column: parsed already, or its text. */
export const asJson = (value: unknown): Prisma.JsonValue => (typeof value === "string" ? JSON.parse(value) : value) as Prisma.JsonValue;

/**
 * A `timestamp` column inside a JSON value PostgreSQL built (`json_build_object`): ISO 8601
 * without a zone, in UTC as Prisma stores DateTime.
 */
export const jsonTimestamp = (text: string): Date => new Date(/(?:Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`);
