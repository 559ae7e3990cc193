import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { pageArgs, pageOf, type PageInput } from "@/lib/pagination";
import { dayBounds } from "@/lib/text/calendar-dates";
import { templatesWhere } from "./template-access";
import { matchingTemplateIds } from "./template-search";
import { templateListSchema, type TemplateListInput, templateInclude } from "./template-schemas";

/**
 * A page of the account's templates with the list filters of spec section 2 (25 by default):
 * folder, category, tags, state, author, a date range and words (full text over the name,
 * description and the file's text, or part of the name; template-search.ts). Needs ViewTemplates.
 */
export async function findTemplates(ctx: ServiceContext, raw: TemplateListInput = {}) {
  const visible = templatesWhere(ctx, "view");
  const input = templateListSchema.parse(raw);
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
