import { createCategoryOperation, listCategories, upsertCategoryOperation } from "@/lib/categories/category-operations";
import { restRoute } from "@/lib/operations/rest";

/** The categories: `?group=document|template&includeHidden=true` (GraphQL `categories`). */
export const GET = restRoute(listCategories);

/** Creates a category: { name, group? } (GraphQL `createCategory`). */
export const POST = restRoute(createCategoryOperation, { status: 201 });

/** Renames the category `id` names, or creates one without `id` (GraphQL `upsertCategory`). */
export const PUT = restRoute(upsertCategoryOperation);
