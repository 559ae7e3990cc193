import { z } from "zod";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { idString } from "@/lib/validation/ids";

/** Spec section 9: lists start at page 1 with 25 items; we cap a page at 100. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export const pageInputSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export type PageInput = { page: number; size: number };

/**
 * A page number from a screen's address (`?page=`): a whole number from 1, else the first page,
 * so that a hand-edited address (`page=1e309`, `page=2.5`, `page=abc`) shows the list rather
 * than an error.
 */
export function pageFromQuery(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export const pageArgs = (input: PageInput) => ({ skip: (input.page - 1) * input.size, take: input.size });

/** The output schema of a page of `item`s (the shape of pageOf). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), perPage: z.number(), pages: z.number() });

/** The list shape of the spec: page, pages, perPage, total, items. */
export function pageOf<T>(items: T[], total: number, input: PageInput) {
  return {
    items,
    total,
    page: input.page,
    perPage: input.size,
    pages: Math.max(1, Math.ceil(total / input.size)),
  };
}

/**
 * Cursor pages (a thread, a list that grows while read): the input is a size (1 to `max`) and
 * `cursorId`, the last id of the page before; GET sends them as text.
 */
export const cursorPageInput = (max: number) => ({
  size: z.coerce.number().int().min(1).max(max).optional(),
  cursorId: idString().optional(),
});

/** A cursor page: the items and the cursor of the next page (null at the end). */
export const cursorPageOutput = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursorId: z.string().nullable() });

/** A cursor that names no row of the list. */
export const unknownCursor = () =>
  new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Unknown cursor.", params: { fields: "cursorId" } });

/** Prisma's arguments for the page after `cursor` (a row of the list, or none for the first page): one row more than the page, to know whether another follows. */
export const cursorArgs = (cursor: { id: string } | null, size: number) => ({
  ...(cursor ? { cursor: { id: cursor.id }, skip: 1 } : {}),
  take: size + 1,
});

/** The page from the rows read with cursorArgs: its items, presented, and the next cursor. */
export function cursorPageOf<R, T extends { id: string }>(rows: R[], size: number, present: (row: R) => T) {
  const items = rows.slice(0, size).map(present);
  return { items, nextCursorId: rows.length > size ? items[items.length - 1]!.id : null };
}
