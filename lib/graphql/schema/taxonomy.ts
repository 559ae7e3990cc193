import {
  createCategoryOperation,
  deleteCategoriesOperation,
  deleteCategoryOperation,
  listCategories,
  setCategoryVisibility,
  updateCategoryOperation,
  upsertCategoryOperation,
} from "@/lib/categories/category-operations";
import { CATEGORY_GROUPS } from "@/lib/categories/schemas";
import {
  createTagOperation,
  deleteTagOperation,
  deleteTagsOperation,
  listTags,
  updateTagOperation,
  upsertTagOperation,
} from "@/lib/tags/tag-operations";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredField, declaredFields, type Naming } from "../from-declarations";

/**
 * Categories and tags (spec section 7). Each field runs its declaration
 * (lib/categories/category-operations.ts, lib/tags/tag-operations.ts) and is built from it
 * (lib/graphql/from-declarations.ts): arguments by the input's names, enums and description. The
 * Category and Tag objects stay written by hand (Prisma objects: templates and documents reach
 * them as relations); the drift test checks they carry every field of the declarations' output.
 * hideCategory and showCategory run one declaration (setCategoryVisibility), each with its own
 * `hidden`.
 */

const naming: Naming = { names: new Map(), enums: { [CATEGORY_GROUPS.join("|")]: "CategoryGroup" } };

const Category = builder.prismaObject("Category", {
  fields: (t) => ({
    id: t.exposeID("id"),
    accountId: t.exposeID("accountId", { nullable: true, description: "The workspace's; null for a global category." }),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    group: t.exposeString("group"),
    hidden: t.exposeBoolean("hidden"),
    global: t.exposeBoolean("global"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const Tag = builder.prismaObject("Tag", {
  fields: (t) => ({
    id: t.exposeID("id"),
    accountId: t.exposeID("accountId"),
    name: t.exposeString("name"),
    color: t.exposeString("color"),
    /** How many documents and templates carry the tag. */
    count: t.int({
      select: { _count: { select: { documents: true, templates: true } } },
      resolve: (tag) => tag._count.documents + tag._count.templates,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

/** Deletions answer the id, or the ids, deleted (as before). */
const deletedId = { pick: { type: "ID", from: (result: { id: string }) => result.id } };
const deletedIds = { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } };

builder.queryFields((t) =>
  declaredFields(t as never, [listCategories, listTags] as unknown as Operation[], naming, {
    categories: { ref: [Category] },
    tags: { ref: [Tag] },
  }),
);

builder.mutationFields((t) =>
  declaredFields(
    t as never,
    [
      createCategoryOperation,
      updateCategoryOperation,
      upsertCategoryOperation,
      deleteCategoryOperation,
      deleteCategoriesOperation,
      createTagOperation,
      updateTagOperation,
      upsertTagOperation,
      deleteTagOperation,
      deleteTagsOperation,
    ] as unknown as Operation[],
    naming,
    {
      createCategory: { ref: Category },
      updateCategory: { ref: Category },
      upsertCategory: { ref: Category },
      deleteCategory: deletedId as never,
      bulkDeleteCategories: deletedIds as never,
      createTag: { ref: Tag },
      updateTag: { ref: Tag },
      upsertTag: { ref: Tag },
      deleteTag: deletedId as never,
      bulkDeleteTags: deletedIds as never,
    },
  ),
);

/** hideCategory and showCategory: setCategoryVisibility with `hidden` given by the field. */
const visibilityField = (t: object, hidden: boolean) =>
  declaredField(t as never, setCategoryVisibility as unknown as Operation, naming, {
    ref: Category,
    fixed: { hidden },
    description: `${setCategoryVisibility.description} This one ${hidden ? "hides" : "shows"} it.`,
  }) as never;

builder.mutationFields((t) => ({ hideCategory: visibilityField(t, true), showCategory: visibilityField(t, false) }));
