import { z } from "zod";

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
