import { z } from "zod";
import {
  createFolder,
  deleteFolders,
  findFolders,
  folderAncestors,
  folderInputSchema,
  folderPath,
  folderTree,
  folderUpdateSchema,
  updateFolder,
} from "@/lib/folders/folders";
import { FOLDER_GROUPS, type FolderCrumb, type FolderGroup, type FolderNode } from "@/lib/folders/folder-types";
import { parseInput } from "@/lib/http/parse-input";
import { builder } from "../builder";
import type { GraphQLContext } from "../context";
import { withoutUndefined } from "./documents";

const id = z.string().min(1).max(64);
const idSchema = z.object({ id });
const idsSchema = z.object({ ids: z.array(id).min(1).max(500) });
const groupSchema = z.object({ group: z.enum(FOLDER_GROUPS).default("document") });
const foldersSchema = groupSchema.extend({ parent: id.nullable().optional() });

/**
 * Ancestors asked for in one request are loaded together: every folder resolved in the same tick
 * (a list's items, or ancestors and path of one folder) joins one folderAncestors call per group.
 */
const ancestorBatches = new WeakMap<GraphQLContext, Map<FolderGroup, { ids: Set<string>; chains: Promise<Map<string, FolderCrumb[]>> }>>();
function loadAncestors(context: GraphQLContext, folder: { id: string; group: string }): Promise<FolderCrumb[]> {
  const group = folder.group as FolderGroup;
  let batches = ancestorBatches.get(context);
  if (!batches) ancestorBatches.set(context, (batches = new Map()));
  let batch = batches.get(group);
  if (!batch) {
    const ids = new Set<string>();
    const open = batches;
    const chains = Promise.resolve().then(() => {
      open.delete(group);
      return folderAncestors(context.ctx, group, [...ids]);
    });
    batch = { ids, chains };
    batches.set(group, batch);
  }
  batch.ids.add(folder.id);
  return batch.chains.then((chains) => chains.get(folder.id) ?? []);
}

const FolderAncestor = builder.simpleObject("FolderAncestor", {
  description: "A folder above another one, by id and name.",
  fields: (t) => ({ id: t.id(), name: t.string() }),
});

const Folder = builder.prismaObject("Folder", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    /** document or template. */
    group: t.exposeString("group"),
    parentId: t.exposeID("parentId", { nullable: true }),
    parent: t.relation("parent", { nullable: true }),
    children: t.relation("children", { query: { orderBy: [{ name: "asc" }, { id: "asc" }] } }),
    ancestors: t.field({
      type: [FolderAncestor],
      description:
        "The folders above this one, from the top level down to its parent; empty at the top level. The root 'Drive' is not a folder and is not included.",
      select: { id: true, group: true },
      resolve: (folder, _args, context) => loadAncestors(context, folder),
    }),
    path: t.string({
      description:
        'Where the folder is, for people: \'Drive\', its ancestors and its own name, joined by " / " (e.g. "Drive / Clients / Acme").',
      select: { id: true, group: true, name: true },
      resolve: async (folder, _args, context) => folderPath(await loadAncestors(context, folder), folder.name),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const FolderList = builder.simpleObject("FolderList", { fields: (t) => ({ items: t.field({ type: [Folder] }) }) });

const FolderNodeRef = builder.objectRef<FolderNode>("FolderNode");
FolderNodeRef.implement({
  description: "A node of the folder tree; the root (key \"root\") is labelled 'Drive'.",
  fields: (t) => ({
    key: t.exposeString("key"),
    label: t.exposeString("label"),
    type: t.exposeString("type"),
    icon: t.exposeString("icon"),
    leaf: t.exposeBoolean("leaf"),
    selectable: t.exposeBoolean("selectable"),
    parent: t.exposeString("parent", { nullable: true }),
    children: t.field({ type: [FolderNodeRef], resolve: (node) => node.children }),
  }),
});

const FolderWhere = builder.inputType("FolderWhere", {
  fields: (t) => ({ parent: t.id({ description: "Only this folder's children; null for the top level. Absent: every folder." }) }),
});

const FolderInput = builder.inputType("FolderInput", {
  fields: (t) => ({
    id: t.id({ description: "upsertFolder: the folder to update; absent to create one." }),
    name: t.string({ required: true }),
    group: t.string({ description: "document (default) or template." }),
    parentId: t.id(),
  }),
});

const FolderUpdateInput = builder.inputType("FolderUpdateInput", {
  fields: (t) => ({ name: t.string(), parentId: t.id({ description: "The new parent, or null for the top level." }) }),
});

/** The create input: no id, and a null group means the default. */
const createInput = (data: object, operation: string) => {
  const rest = withoutUndefined(data);
  delete rest.id;
  if (rest.group === null) delete rest.group;
  return parseInput(folderInputSchema, rest, operation);
};
const updateInput = (data: object, operation: string) => {
  const rest = withoutUndefined(data);
  if (rest.name === null) delete rest.name;
  return parseInput(folderUpdateSchema, rest, operation);
};

builder.queryFields((t) => ({
  folders: t.field({
    type: FolderList,
    description: "The folders of a group (document by default), optionally only the children of `where.parent`.",
    args: { group: t.arg.string(), where: t.arg({ type: FolderWhere }) },
    resolve: async (_root, { group, where }, { ctx }) => {
      const input = parseInput(foldersSchema, withoutUndefined({ group: group ?? undefined, parent: where?.parent }), "folders");
      return { items: await findFolders(ctx, input.group, input.parent) };
    },
  }),
  folderTree: t.field({
    type: FolderNodeRef,
    description: "The whole tree of a group under the root node 'Drive'.",
    args: { group: t.arg.string() },
    resolve: (_root, { group }, { ctx }) =>
      folderTree(ctx, parseInput(groupSchema, withoutUndefined({ group: group ?? undefined }), "folderTree").group),
  }),
}));

builder.mutationFields((t) => ({
  createFolder: t.prismaField({
    type: Folder,
    args: { data: t.arg({ type: FolderInput, required: true }) },
    resolve: (_query, _root, { data }, { ctx }) => createFolder(ctx, createInput(data, "createFolder")),
  }),
  updateFolder: t.prismaField({
    type: Folder,
    description: "Renames a folder and/or moves it under another parent (null: the top level).",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: FolderUpdateInput, required: true }) },
    resolve: (_query, _root, { id: folderId, data }, { ctx }) =>
      updateFolder(ctx, parseInput(idSchema, { id: folderId }, "updateFolder").id, updateInput(data, "updateFolder")),
  }),
  upsertFolder: t.prismaField({
    type: Folder,
    description: "Updates the folder `data.id` (name, parent), or creates one without an id.",
    args: { data: t.arg({ type: FolderInput, required: true }) },
    resolve: (_query, _root, { data }, { ctx }) => {
      if (!data.id) return createFolder(ctx, createInput(data, "upsertFolder"));
      const folderId = parseInput(idSchema, { id: data.id }, "upsertFolder").id;
      return updateFolder(ctx, folderId, updateInput({ name: data.name, parentId: data.parentId }, "upsertFolder"));
    },
  }),
  deleteFolder: t.field({
    type: "ID",
    description: "Deletes a folder with its sub-folders; their documents and templates go back to the root.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { ctx }) => (await deleteFolders(ctx, [parseInput(idSchema, args, "deleteFolder").id]))[0],
  }),
  bulkDeleteFolders: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, args, { ctx }) => deleteFolders(ctx, parseInput(idsSchema, args, "bulkDeleteFolders").ids),
  }),
}));
