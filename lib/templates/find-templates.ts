import type { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { pageArgs, pageOf, type PageInput } from "@/lib/pagination";
import { dayBounds } from "@/lib/text/calendar-dates";
import { templatesWhere } from "./template-access";
import { matchingTemplateIds } from "./template-search";
import { templateInclude, type templateListSchema } from "./template-schemas";

/** The list's filters as its declaration parsed them (templateListSchema's output). */
export type TemplateListFilters = z.output<typeof templateListSchema>;

/**
 * The list's defaults, written out (templateListSchema's): the first page of 25, most recently
 * updated first. A caller that builds a list itself spreads them under its own filters.
 */
export const TEMPLATE_LIST_DEFAULTS = {
  page: 1,
  size: 25,
  dateField: "createdAt",
  orderBy: "updatedAt",
  sortBy: "desc",
} as const satisfies TemplateListFilters;

/**
 * A page of the account's templates with the list filters of spec section 2 (25 by default):
 * folder, category, tags, state, author, a date range and words (full text over the name,
 * description and the file's text, or part of the name; template-search.ts). Needs ViewTemplates.
 */
export async function findTemplates(ctx: ServiceContext, input: TemplateListFilters = TEMPLATE_LIST_DEFAULTS) {
  const visible = templatesWhere(ctx, "view");
  // `search` is full text; `name` (the public API's) only what the name or description contain.
  const text = input.search;
  const days = dayBounds(input.from, input.to);
  const where: Prisma.TemplateWhereInput = {
    ...visible,
    ...(input.folderId !== undefined ? { folderId: input.folderId } : {}),
    ...(input.categoryId ? { categoryId: input.categoryId } : {}),
    ...(input.tagIds?.length ? { tags: { some: { id: { in: input.tagIds } } } } : {}),
    ...(input.published !== undefined ? { published: input.published } : {}),
    ...(input.authorId ? { authorId: input.authorId } : {}),
    ...(days.from || days.before
      ? { [input.dateField]: { ...(days.from ? { gte: days.from } : {}), ...(days.before ? { lt: days.before } : {}) } }
      : {}),
    ...(text ? { id: { in: await matchingTemplateIds(visible.accountId, text, ctx.locale) } } : {}),
    ...(input.name && !text
      ? { OR: [{ name: { contains: input.name, mode: "insensitive" } }, { description: { contains: input.name, mode: "insensitive" } }] }
      : {}),
  };
  const page: PageInput = { page: input.page, size: input.size };
  const [items, total] = await Promise.all([
    db.template.findMany({
      where,
      include: templateInclude,
      orderBy: [{ [input.orderBy]: input.sortBy }, { id: "asc" }],
      ...pageArgs(page),
    }),
    db.template.count({ where }),
  ]);
  return pageOf(items, total, page);
}
