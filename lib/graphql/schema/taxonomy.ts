import {
  createCategoryOperation,
  deleteCategoriesOperation,
  deleteCategoryOperation,
  listCategories,
  setCategoryVisibility,
  updateCategoryOperation,
  upsertCategoryOperation,
} from "@/lib/categories/category-operations";
import {
  createTagOperation,
  deleteTagOperation,
  deleteTagsOperation,
  listTags,
  updateTagOperation,
  upsertTagOperation,
} from "@/lib/tags/tag-operations";
import { graphqlInput, resolveOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";

const defined = (data: object) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null));
/** The input without its `id` (create paths take none). */
const withoutId = (data: object) => Object.fromEntries(Object.entries(defined(data)).filter(([key]) => key !== "id"));

const Category = builder.prismaObject("Category", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    group: t.exposeString("group"),
    hidden: t.exposeBoolean("hidden"),
    global: t.exposeBoolean("global"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const Tag = builder.prismaObject("Tag", {
  fields: (t) => ({
    id: t.exposeID("id"),
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

const CategoryInput = builder.inputType("CategoryInput", {
  fields: (t) => ({ id: t.id(), name: t.string({ required: true }), group: t.string() }),
});
const TagInput = builder.inputType("TagInput", {
  fields: (t) => ({ id: t.id(), name: t.string(), color: t.string() }),
});

builder.queryFields((t) => ({
  categories: t.field({
    type: [Category],
    args: { group: t.arg.string(), includeHidden: t.arg.boolean() },
    resolve: resolveOperation(listCategories),
  }),
  tags: t.field({ type: [Tag], resolve: resolveOperation(listTags) }),
}));

builder.mutationFields((t) => ({
  createCategory: t.field({
    type: Category,
    args: { data: t.arg({ type: CategoryInput, required: true }) },
    resolve: resolveOperation(createCategoryOperation, ({ data }) => withoutId(data as object)),
  }),
  updateCategory: t.field({
    type: Category,
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: CategoryInput, required: true }) },
    resolve: resolveOperation(updateCategoryOperation, ({ id, data }) => ({ id: String(id), name: (data as { name: string }).name })),
  }),
  upsertCategory: t.field({
    type: Category,
    args: { data: t.arg({ type: CategoryInput, required: true }) },
    resolve: resolveOperation(upsertCategoryOperation, ({ data }) => graphqlInput(data as Record<string, unknown>, ["id"])),
  }),
  hideCategory: t.field({
    type: Category,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(setCategoryVisibility, ({ id }) => ({ id: String(id), hidden: true })),
  }),
  showCategory: t.field({
    type: Category,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(setCategoryVisibility, ({ id }) => ({ id: String(id), hidden: false })),
  }),
  deleteCategory: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteCategoryOperation, null, (result) => result.id),
  }),
  bulkDeleteCategories: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(deleteCategoriesOperation, null, (result) => result.ids),
  }),
  createTag: t.field({
    type: Tag,
    args: { data: t.arg({ type: TagInput, required: true }) },
    resolve: resolveOperation(createTagOperation, ({ data }) => withoutId(data as object)),
  }),
  updateTag: t.field({
    type: Tag,
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: TagInput, required: true }) },
    resolve: resolveOperation(updateTagOperation, ({ id, data }) => ({ ...withoutId(data as object), id: String(id) })),
  }),
  upsertTag: t.field({
    type: Tag,
    args: { data: t.arg({ type: TagInput, required: true }) },
    resolve: resolveOperation(upsertTagOperation, ({ data }) => graphqlInput(data as Record<string, unknown>, ["id"])),
  }),
  deleteTag: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteTagOperation, null, (result) => result.id),
  }),
  bulkDeleteTags: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(deleteTagsOperation, null, (result) => result.ids),
  }),
}));
