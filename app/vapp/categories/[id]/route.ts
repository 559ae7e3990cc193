import { z } from "zod";
import { deleteCategories } from "@/lib/categories/delete-categories";
import { updateCategory } from "@/lib/categories/save-category";
import { categoryUpdateSchema } from "@/lib/categories/schemas";
import { route } from "@/lib/http/route";

export const PATCH = route({ operation: "updateCategory", input: categoryUpdateSchema, withParams: true }, ({ ctx, input }) => updateCategory(ctx, input));

export const DELETE = route({ operation: "deleteCategory", input: z.object({ id: z.string().min(1).max(64) }), withParams: true }, async ({ ctx, input }) => ({
  id: (await deleteCategories(ctx, [input.id]))[0],
}));
