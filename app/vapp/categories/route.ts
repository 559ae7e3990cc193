import { z } from "zod";
import { findCategories } from "@/lib/categories/find-categories";
import { createCategory, upsertCategory } from "@/lib/categories/save-category";
import { categoryInputSchema, categoryUpsertSchema } from "@/lib/categories/schemas";
import { route } from "@/lib/http/route";

const querySchema = z.object({ group: z.string().max(20).optional(), includeHidden: z.enum(["true", "false"]).optional() }).strict();

export const GET = route({ operation: "categories", input: querySchema }, ({ ctx, input }) =>
  findCategories(ctx, { group: input.group, includeHidden: input.includeHidden === "true" }),
);

export const POST = route({ operation: "createCategory", input: categoryInputSchema }, async ({ ctx, input }) =>
  Response.json(await createCategory(ctx, input), { status: 201 }),
);

/** Renames the category `id` names, or creates one without `id` (GraphQL `upsertCategory`). */
export const PUT = route({ operation: "upsertCategory", input: categoryUpsertSchema }, ({ ctx, input }) => upsertCategory(ctx, input));
