import { deleteCategoryOperation, updateCategoryOperation } from "@/lib/categories/category-operations";
import { restRoute } from "@/lib/operations/rest";

/** Renames a category: { name } (GraphQL `updateCategory`). */
export const PATCH = restRoute(updateCategoryOperation, { withParams: true });

/** Deletes a category: { id } (GraphQL `deleteCategory`). */
export const DELETE = restRoute(deleteCategoryOperation, { withParams: true });
