import type { z } from "zod";
import {
  createFolderOperation,
  deleteFolderOperation,
  deleteFoldersOperation,
  folderNodeSchema,
  folderTreeOperation,
  listFoldersOperation,
  updateFolderOperation,
  upsertFolderOperation,
} from "@/lib/folders/folder-operations";
import { folderAncestors, folderPath } from "@/lib/folders/folders";
import { FOLDER_GROUPS, type FolderCrumb, type FolderGroup } from "@/lib/folders/folder-types";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import type { GraphQLContext } from "../context";
import { declaredField, declaredFields, type Naming } from "../from-declarations";

/**
 * Folders (spec section 7: folders(group, where.parent) returns items). Each field runs its
 * declaration (lib/folders/folder-operations.ts) and is built from it
 * (lib/graphql/from-declarations.ts): arguments by the input's names, the spec's `where`, enums
 * (FolderGroup, FolderNodeType), the folder tree's type and descriptions. The Folder object stays
 * written by hand (a Prisma object: its parent, children, ancestors and path); the drift test
 * checks it carries every field of the declarations' output.
 */

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
    accountId: t.exposeID("accountId"),
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

/** The GraphQL names of the declarations' shapes and enums (lib/graphql/from-declarations.ts). */
const FolderGroup = builder.enumType("FolderGroup", { values: FOLDER_GROUPS });
const naming: Naming = {
  names: new Map<z.ZodType, string>([[folderNodeSchema, "FolderNode"]]),
  enums: { [FOLDER_GROUPS.join("|")]: FolderGroup, "root|folder": "FolderNodeType" },
};

/** Deletions answer the id, or the ids, deleted (as before). */
const deletedId = { pick: { type: "ID", from: (result: { ids: string[] }) => result.ids[0] } as never };
const deletedIds = { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } as never };

builder.queryFields((t) => ({
  // The spec's `where`: optional; a null parent is the top level (absent: every folder).
  folders: declaredField(t as never, listFoldersOperation as unknown as Operation, naming, {
    ref: FolderList,
    data: { outside: ["group"], name: "where", type: "FolderWhere", optional: true },
  }) as never,
  folderTree: declaredField(t as never, folderTreeOperation as unknown as Operation, naming) as never,
}));

builder.mutationFields((t) =>
  declaredFields(
    t as never,
    [
      createFolderOperation,
      updateFolderOperation,
      upsertFolderOperation,
      deleteFolderOperation,
      deleteFoldersOperation,
    ] as unknown as Operation[],
    naming,
    {
      createFolder: { ref: Folder, prisma: true },
      updateFolder: { ref: Folder, prisma: true },
      upsertFolder: { ref: Folder, prisma: true },
      deleteFolder: deletedId,
      bulkDeleteFolders: deletedIds,
    },
  ),
);
