import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { deleteCategories } from "./delete-categories";
import { findCategories } from "./find-categories";
import { createCategory, setCategoryHidden, updateCategory, upsertCategory } from "./save-category";
import { categoryInputSchema, categoryUpdateSchema, categoryUpsertSchema, idsSchema } from "./schemas";
import { idString } from "@/lib/validation/ids";

/**
 * The categories' operations (spec section 7, "categories"), declared once for REST and GraphQL
 * (lib/operations/operation.ts). Reading needs a document or template permission; changing,
 * ManageCategories (the services check it too). An API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;
const managers = { ...members, permission: "ManageCategories" } as const;
const idInput = z.object({ id: idString() }).strict();

export const categorySchema = z.object({
  id: z.string(),
  accountId: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  group: z.string(),
  hidden: z.boolean(),
  global: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const listCategories = defineOperation({
  name: "categories",
  kind: "query",
  description: "The workspace's categories and the global ones, by group and name; hidden ones only with includeHidden.",
  ...members,
  permission: ["ViewDocuments", "ViewTemplates", "ManageCategories"],
  input: z
    .object({
      group: z.string().max(20).optional(),
      // REST gives it as text ("true"), read as a boolean by its route (app/vapp/categories/route.ts).
      includeHidden: z.boolean().optional(),
    })
    .strict(),
  output: z.array(categorySchema),
  run: (ctx, input) => findCategories(ctx, { group: input.group, includeHidden: input.includeHidden ?? false }),
});

export const createCategoryOperation = defineOperation({
  name: "createCategory",
  kind: "mutation",
  description: "Creates a category in a group (document by default).",
  ...managers,
  input: categoryInputSchema,
  output: categorySchema,
  run: (ctx, input) => createCategory(ctx, input),
});

export const updateCategoryOperation = defineOperation({
  name: "updateCategory",
  kind: "mutation",
  description: "Renames a category of the workspace.",
  ...managers,
  input: categoryUpdateSchema,
  output: categorySchema,
  ids: ["id"],
  run: (ctx, input) => updateCategory(ctx, input),
});

export const upsertCategoryOperation = defineOperation({
  name: "upsertCategory",
  kind: "mutation",
  description: "Renames the category `id` (its group stays), or creates one without `id`.",
  ...managers,
  input: categoryUpsertSchema,
  output: categorySchema,
  ids: ["id"],
  run: (ctx, { id, ...input }) => upsertCategory(ctx, { ...input, id: id ?? null }),
});

export const setCategoryVisibility = defineOperation({
  name: "setCategoryVisibility",
  kind: "mutation",
  description: "Hides or shows a category (GraphQL: hideCategory and showCategory).",
  ...managers,
  input: z.object({ id: idString(), hidden: z.boolean() }).strict(),
  output: categorySchema,
  ids: ["id"],
  run: (ctx, input) => setCategoryHidden(ctx, input),
});

export const deleteCategoryOperation = defineOperation({
  name: "deleteCategory",
  kind: "mutation",
  description: "Deletes a category; documents and templates lose it.",
  ...managers,
  input: idInput,
  output: z.object({ id: z.string() }),
  ids: ["id"],
  run: async (ctx, input) => ({ id: (await deleteCategories(ctx, [input.id]))[0] }),
});

export const deleteCategoriesOperation = defineOperation({
  name: "bulkDeleteCategories",
  kind: "mutation",
  description: "Deletes several categories, all or none; the ids deleted.",
  ...managers,
  input: idsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteCategories(ctx, input.ids) }),
});

export const categoryOperations = [
  listCategories,
  createCategoryOperation,
  updateCategoryOperation,
  upsertCategoryOperation,
  setCategoryVisibility,
  deleteCategoryOperation,
  deleteCategoriesOperation,
];
