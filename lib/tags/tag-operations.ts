import { z } from "zod";
import { idsSchema } from "@/lib/categories/schemas";
import { defineOperation } from "@/lib/operations/operation";
import { createTag, deleteTags, findTags, tagInputSchema, tagUpdateSchema, tagUpsertSchema, updateTag, upsertTag } from "./tags";
import { idString } from "@/lib/validation/ids";

/**
 * The tags' operations (spec section 7, "tags"), declared once for REST and GraphQL
 * (lib/operations/operation.ts). Who may create a tag depends on a workspace setting, so the
 * services check the permissions; an API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;

export const tagSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  color: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const listTags = defineOperation({
  name: "tags",
  kind: "query",
  description: "The workspace's tags, by name.",
  ...members,
  permission: ["ViewDocuments", "ViewTemplates", "ManageTags"],
  input: z.object({}).strict(),
  output: z.array(tagSchema),
  run: (ctx) => findTags(ctx),
});

export const createTagOperation = defineOperation({
  name: "createTag",
  kind: "mutation",
  description: "Creates a tag (violet unless a colour is given); a name already used, in any case, is CONFLICT.",
  ...members,
  input: tagInputSchema,
  output: tagSchema,
  run: (ctx, input) => createTag(ctx, input),
});

export const updateTagOperation = defineOperation({
  name: "updateTag",
  kind: "mutation",
  description: "Renames or recolours a tag; what is not given is kept.",
  ...members,
  permission: "ManageTags",
  input: tagUpdateSchema,
  output: tagSchema,
  ids: ["id"],
  run: (ctx, input) => updateTag(ctx, input),
});

export const upsertTagOperation = defineOperation({
  name: "upsertTag",
  kind: "mutation",
  description: "Updates the tag `id` (keeping what is not given), or creates one without `id`.",
  ...members,
  input: tagUpsertSchema,
  output: tagSchema,
  ids: ["id"],
  run: (ctx, input) => upsertTag(ctx, input),
});

export const deleteTagOperation = defineOperation({
  name: "deleteTag",
  kind: "mutation",
  description: "Deletes a tag; documents and templates lose it.",
  ...members,
  permission: "ManageTags",
  input: z.object({ id: idString() }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["id"],
  run: async (ctx, input) => ({ id: (await deleteTags(ctx, [input.id]))[0] }),
});

export const deleteTagsOperation = defineOperation({
  name: "bulkDeleteTags",
  kind: "mutation",
  description: "Deletes several tags, all or none; the ids deleted.",
  ...members,
  permission: "ManageTags",
  input: idsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteTags(ctx, input.ids) }),
});

export const tagOperations = [
  listTags,
  createTagOperation,
  updateTagOperation,
  upsertTagOperation,
  deleteTagOperation,
  deleteTagsOperation,
];
