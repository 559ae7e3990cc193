import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Column values of a `$queryRaw` row as Prisma's model queries give them: the drivers differ
 * (PostgreSQL's gives dates and parsed JSON; the embedded one may give their text).
 */
export const asDate = (value: Date | string | null): Date | null => (value === null || value instanceof Date ? value : new Date(value));

/** A JSON column: parsed already, or its text. */
export const asJson = (value: unknown): Prisma.JsonValue => (typeof value === "string" ? JSON.parse(value) : value) as Prisma.JsonValue;
