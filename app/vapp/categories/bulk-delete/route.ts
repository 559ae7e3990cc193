import { deleteCategoriesOperation } from "@/lib/categories/category-operations";
import { restRoute } from "@/lib/operations/rest";

/** Deletes several categories, all or none: { ids } → { ids } (GraphQL `bulkDeleteCategories`). */
export const POST = restRoute(deleteCategoriesOperation);
