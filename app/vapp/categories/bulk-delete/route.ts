import { deleteCategories } from "@/lib/categories/delete-categories";
import { idsSchema } from "@/lib/categories/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "bulkDeleteCategories", input: idsSchema }, async ({ ctx, input }) => ({ ids: await deleteCategories(ctx, input.ids) }));
