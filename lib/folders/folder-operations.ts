import { z } from "zod";
import { idsSchema } from "@/lib/categories/schemas";
import { defineOperation } from "@/lib/operations/operation";
import { FOLDER_GROUPS, type FolderNode } from "./folder-types";
import { createFolder, deleteFolders, findFolders, folderInputSchema, folderTree, folderUpdateSchema, updateFolder } from "./folders";
import { idString } from "@/lib/validation/ids";

/**
 * The folders' operations (spec section 7, "folders"), declared once for REST and GraphQL
 * (lib/operations/operation.ts). The permission depends on the folder's group (documents or
 * templates), so the services check it; an API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();
const groupInput = z.object({ group: z.enum(FOLDER_GROUPS).default("document") }).strict();

export const folderSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  group: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const folderNodeSchema: z.ZodType<FolderNode> = z
  .object({
    key: z.string(),
    label: z.string(),
    type: z.enum(["root", "folder"]),
    icon: z.string(),
    leaf: z.boolean(),
    selectable: z.boolean(),
    parent: z.string().nullable(),
    get children() {
      return z.array(folderNodeSchema);
    },
  })
  .describe("A node of the folder tree; the root (key \"root\") is labelled 'Drive'.");

export const listFoldersOperation = defineOperation({
  name: "folders",
  kind: "query",
  description:
    "The folders of a group (document by default), optionally only the children of `parent` (null, or `root` over REST: the top level).",
  ...members,
  input: groupInput
    .extend({ parent: id.nullable().optional().describe("Only this folder's children; null for the top level. Absent: every folder.") })
    .strict(),
  output: z.object({ items: z.array(folderSchema) }),
  ids: ["parent"],
  run: async (ctx, input) => ({ items: await findFolders(ctx, input.group, input.parent) }),
});

export const folderTreeOperation = defineOperation({
  name: "folderTree",
  kind: "query",
  description: "The whole tree of a group (document by default) under the root node 'Drive'.",
  ...members,
  input: groupInput,
  output: folderNodeSchema,
  run: (ctx, input) => folderTree(ctx, input.group),
});

export const createFolderOperation = defineOperation({
  name: "createFolder",
  kind: "mutation",
  description: "Creates a folder in a group (document by default), at the top level or under `parentId`.",
  ...members,
  input: folderInputSchema,
  output: folderSchema,
  ids: ["parentId"],
  run: (ctx, input) => createFolder(ctx, input),
});

export const updateFolderOperation = defineOperation({
  name: "updateFolder",
  kind: "mutation",
  description: "Renames a folder and/or moves it under another parent (null: the top level).",
  ...members,
  input: folderUpdateSchema.extend({ id }).strict(),
  output: folderSchema,
  ids: ["id", "parentId"],
  run: (ctx, { id: folderId, ...changes }) => updateFolder(ctx, folderId, changes),
});

export const upsertFolderOperation = defineOperation({
  name: "upsertFolder",
  kind: "mutation",
  description: "Updates the folder `id` (name, parent), or creates one without an id.",
  ...members,
  input: z
    .object({
      id: id.optional(),
      name: folderInputSchema.shape.name,
      group: z.enum(FOLDER_GROUPS).optional(),
      parentId: id.nullable().optional(),
    })
    .strict(),
  output: folderSchema,
  ids: ["id", "parentId"],
  // Creating takes createFolder's defaults: the document group, the top level.
  run: (ctx, { id: folderId, group, ...rest }) =>
    folderId
      ? updateFolder(ctx, folderId, rest)
      : createFolder(ctx, { name: rest.name, group: group ?? "document", parentId: rest.parentId ?? null }),
});

export const deleteFolderOperation = defineOperation({
  name: "deleteFolder",
  kind: "mutation",
  description: "Deletes a folder with its sub-folders; their documents and templates go back to the root.",
  ...members,
  input: z.object({ id }).strict(),
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["id"],
  run: async (ctx, input) => ({ ids: await deleteFolders(ctx, [input.id]) }),
});

export const deleteFoldersOperation = defineOperation({
  name: "bulkDeleteFolders",
  kind: "mutation",
  description: "Deletes several folders with their sub-folders, all or none; the ids deleted.",
  ...members,
  input: idsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteFolders(ctx, input.ids) }),
});

export const folderOperations = [
  listFoldersOperation,
  folderTreeOperation,
  createFolderOperation,
  updateFolderOperation,
  upsertFolderOperation,
  deleteFolderOperation,
  deleteFoldersOperation,
];
