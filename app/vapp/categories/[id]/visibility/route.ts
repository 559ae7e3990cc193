import { setCategoryVisibility } from "@/lib/categories/category-operations";
import { restRoute } from "@/lib/operations/rest";

/** Hides or shows a category: { hidden } (GraphQL `hideCategory`, `showCategory`). */
export const PUT = restRoute(setCategoryVisibility, { withParams: true });
