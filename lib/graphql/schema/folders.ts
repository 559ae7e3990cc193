import {
  createFolderOperation,
  deleteFolderOperation,
  deleteFoldersOperation,
  folderTreeOperation,
  listFoldersOperation,
  updateFolderOperation,
  upsertFolderOperation,
} from "@/lib/folders/folder-operations";
import { folderAncestors, folderPath } from "@/lib/folders/folders";
import type { FolderCrumb, FolderGroup, FolderNode } from "@/lib/folders/folder-types";
import { graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";
import type { GraphQLContext } from "../context";

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

/** The folder's fields of an input: ids as strings, a null parentId kept (the top level), other nulls dropped. */
const folderFields = (data: unknown, keep: string[] = ["parentId"]) => {
  const raw = (data ?? {}) as Record<string, unknown>;
  const fields = graphqlInput(raw, ["id", "parentId", "parent"]);
  for (const key of keep) if (raw[key] === null) fields[key] = null;
  return fields;
};

builder.queryFields((t) => ({
  folders: t.field({
    type: FolderList,
    description: "The folders of a group (document by default), optionally only the children of `where.parent`.",
    args: { group: t.arg.string(), where: t.arg({ type: FolderWhere }) },
    resolve: resolveOperation(listFoldersOperation, ({ group, where }) => ({
      ...graphqlInput({ group }),
      ...(where ? folderFields({ parent: (where as { parent?: unknown }).parent }, ["parent"]) : {}),
    })),
  }),
  folderTree: t.field({
    type: FolderNodeRef,
    description: "The whole tree of a group under the root node 'Drive'.",
    args: { group: t.arg.string() },
    resolve: resolveOperation(folderTreeOperation),
  }),
}));

builder.mutationFields((t) => ({
  createFolder: t.prismaField({
    type: Folder,
    args: { data: t.arg({ type: FolderInput, required: true }) },
    // The create input has no id.
    resolve: resolvePrismaOperation(createFolderOperation, ({ data }) => {
      const fields = folderFields(data);
      delete fields.id;
      return fields;
    }),
  }),
  updateFolder: t.prismaField({
    type: Folder,
    description: "Renames a folder and/or moves it under another parent (null: the top level).",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: FolderUpdateInput, required: true }) },
    resolve: resolvePrismaOperation(updateFolderOperation, ({ id, data }) => ({ ...folderFields(data), id: String(id) })),
  }),
  upsertFolder: t.prismaField({
    type: Folder,
    description: "Updates the folder `data.id` (name, parent), or creates one without an id.",
    args: { data: t.arg({ type: FolderInput, required: true }) },
    resolve: resolvePrismaOperation(upsertFolderOperation, ({ data }) => folderFields(data)),
  }),
  deleteFolder: t.field({
    type: "ID",
    description: "Deletes a folder with its sub-folders; their documents and templates go back to the root.",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteFolderOperation, null, (result) => result.ids[0]),
  }),
  bulkDeleteFolders: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(deleteFoldersOperation, null, (result) => result.ids),
  }),
}));
