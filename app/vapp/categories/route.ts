import { createCategoryOperation, listCategories, upsertCategoryOperation } from "@/lib/categories/category-operations";
import { restRoute } from "@/lib/operations/rest";

/** The query string's `includeHidden` as the declaration's boolean ("true" or "false"; anything else is refused). */
const readIncludeHidden = (raw: Record<string, unknown>) =>
  raw.includeHidden === "true" || raw.includeHidden === "false" ? { ...raw, includeHidden: raw.includeHidden === "true" } : raw;

/** The categories: `?group=document|template&includeHidden=true` (GraphQL `categories`). */
export const GET = restRoute(listCategories, { map: readIncludeHidden });

/** Creates a category: { name, group? } (GraphQL `createCategory`). */
export const POST = restRoute(createCategoryOperation, { status: 201 });

/** Renames the category `id` names, or creates one without `id` (GraphQL `upsertCategory`). */
export const PUT = restRoute(upsertCategoryOperation);
