import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertFolderAccess } from "./folder-access";
import { FOLDER_GROUPS, FOLDER_NAME_MAX, type FolderCrumb, type FolderGroup, type FolderNode, type FolderOption } from "./folder-types";
import { idString } from "@/lib/validation/ids";

const id = idString();
export const folderInputSchema = z
  .object({
    name: z.string().trim().min(1).max(FOLDER_NAME_MAX),
    group: z.enum(FOLDER_GROUPS).default("document"),
    parentId: id.nullable().default(null),
  })
  .strict();
export const folderUpdateSchema = z
  .object({ name: z.string().trim().min(1).max(FOLDER_NAME_MAX).optional(), parentId: id.nullable().optional() })
  .strict();

const notFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Folder not found." });

/** Folders of a group, optionally only the children of one parent (null: the top level). */
export async function findFolders(ctx: ServiceContext, group: FolderGroup, parentId?: string | null) {
  const { accountId } = accountScope(ctx);
  assertFolderAccess(ctx, group, "view");
  const [folders, parent] = await Promise.all([
    db.folder.findMany({
      where: { accountId, group, ...(parentId !== undefined ? { parentId } : {}) },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: 5000,
    }),
    // The children of a folder that is not one of the workspace's (of this group): none to list.
    parentId ? db.folder.findFirst({ where: { id: parentId, accountId, group }, select: { id: true } }) : null,
  ]);
  if (parentId && !parent) throw notFound();
  return folders;
}

/** The whole tree of a group under one root node labelled 'Drive' (key "root"). */
export async function folderTree(ctx: ServiceContext, group: FolderGroup, rootLabel = "Drive"): Promise<FolderNode> {
  return buildFolderTree(await findFolders(ctx, group), rootLabel);
}

/** The tree of folders read some other way (one statement with other options: lib/documents/document-options.ts). */
export function buildFolderTree(folders: { id: string; name: string; parentId: string | null }[], rootLabel = "Drive"): FolderNode {
  const nodes = new Map<string, FolderNode>(
    folders.map((f) => [
      f.id,
      {
        key: f.id,
        label: f.name,
        type: "folder",
        icon: "folder",
        leaf: true,
        selectable: true,
        parent: f.parentId ?? "root",
        children: [],
      },
    ]),
  );
  const root: FolderNode = {
    key: "root",
    label: rootLabel,
    type: "root",
    icon: "drive",
    leaf: false,
    selectable: true,
    parent: null,
    children: [],
  };
  for (const node of nodes.values()) {
    const parent = node.parent === "root" ? root : (nodes.get(node.parent!) ?? root);
    parent.children.push(node);
    parent.leaf = false;
  }
  return root;
}

/** Deeper chains than this are cut (on the root side): a guard against a parent loop, which updateFolder refuses. */
const MAX_FOLDER_DEPTH = 1000;

/**
 * The ancestors of each folder given (spec Folder.ancestors): the chain from the top-level folder
 * down to its parent, without the folder itself nor the root 'Drive' (which is not a folder).
 * One recursive query for all of them. Every step is pinned to the caller's account and the
 * group, so a chain never reaches another account's folder: it stops there. Folders not found
 * in the account get an empty chain, as do top-level ones. Needs the group's view permission.
 */
export async function folderAncestors(ctx: ServiceContext, group: FolderGroup, folderIds: string[]): Promise<Map<string, FolderCrumb[]>> {
  const { accountId } = accountScope(ctx);
  assertFolderAccess(ctx, group, "view");
  const ids = [...new Set(folderIds)];
  const chains = new Map<string, FolderCrumb[]>(ids.map((folderId) => [folderId, []]));
  if (!ids.length) return chains;
  const rows = await db.$queryRaw<{ startId: string; id: string; name: string; depth: number }[]>`
    WITH RECURSIVE up AS (
      SELECT f.id AS "startId", p.id, p.name, p."parentId", 1 AS depth
        FROM "Folder" f JOIN "Folder" p ON p.id = f."parentId" AND p."accountId" = ${accountId} AND p."group" = ${group}
        WHERE f.id = ANY(CAST(${ids} AS text[])) AND f."accountId" = ${accountId} AND f."group" = ${group}
      UNION ALL
      SELECT up."startId", p.id, p.name, p."parentId", up.depth + 1
        FROM up JOIN "Folder" p ON p.id = up."parentId" AND p."accountId" = ${accountId} AND p."group" = ${group}
        WHERE up.depth < ${MAX_FOLDER_DEPTH}
    )
    SELECT "startId", id, name, depth FROM up ORDER BY "startId", depth DESC`;
  for (const row of rows) chains.get(row.startId)?.push({ id: row.id, name: row.name });
  return chains;
}

/** A folder's place in its tree for people: the root label, its ancestors and itself, joined by " / ". */
export const folderPath = (ancestors: FolderCrumb[], name: string, rootLabel = "Drive") =>
  [rootLabel, ...ancestors.map((a) => a.name), name].join(" / ");

async function loadFolder(accountId: string, folderId: string) {
  const folder = await db.folder.findFirst({ where: { id: folderId, accountId } });
  if (!folder) throw notFound();
  return folder;
}

/** Refuses a parent that is the folder itself or one of its descendants, or of another group. */
async function assertValidParent(accountId: string, group: string, parentId: string | null, movingId?: string) {
  if (!parentId) return;
  const parent = await db.folder.findFirst({ where: { id: parentId, accountId, group } });
  if (!parent) throw notFound();
  if (!movingId) return;
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE up AS (SELECT id, "parentId" FROM "Folder" WHERE id = ${parentId} AND "accountId" = ${accountId}
      UNION ALL SELECT f.id, f."parentId" FROM "Folder" f JOIN up ON f.id = up."parentId")
    SELECT id FROM up WHERE id = ${movingId} LIMIT 1`;
  if (rows.length)
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "A folder cannot go inside itself.", params: { fields: "parentId" } });
}

export async function createFolder(ctx: ServiceContext, input: z.output<typeof folderInputSchema>) {
  const { accountId } = accountScope(ctx);
  assertFolderAccess(ctx, input.group, "manage");
  await assertValidParent(accountId, input.group, input.parentId);
  return db.$transaction(async (tx) => {
    const folder = await tx.folder.create({ data: { accountId, name: input.name, group: input.group, parentId: input.parentId } });
    await recordAudit(tx, ctx, {
      eventType: "folder.created",
      targetType: "folder",
      targetId: folder.id,
      payload: { name: folder.name, group: folder.group },
    });
    return folder;
  });
}

/** Renames a folder and/or moves it under another parent (null: the root). */
export async function updateFolder(ctx: ServiceContext, folderId: string, input: z.output<typeof folderUpdateSchema>) {
  const { accountId } = accountScope(ctx);
  const folder = await loadFolder(accountId, folderId);
  assertFolderAccess(ctx, folder.group as FolderGroup, "manage");
  if (input.parentId !== undefined) await assertValidParent(accountId, folder.group, input.parentId, folder.id);
  return db.$transaction(async (tx) => {
    const updated = await tx.folder.update({ where: { id: folder.id }, data: { name: input.name, parentId: input.parentId } });
    await recordAudit(tx, ctx, { eventType: "folder.updated", targetType: "folder", targetId: folder.id, payload: input });
    return updated;
  });
}

/** Deletes folders with their sub-folders; their documents and templates go back to the root. */
export async function deleteFolders(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(ids)];
  const folders = await db.folder.findMany({ where: { accountId, id: { in: unique } } });
  if (folders.length !== unique.length) throw notFound();
  for (const folder of folders) assertFolderAccess(ctx, folder.group as FolderGroup, "manage");
  await db.$transaction(async (tx) => {
    await tx.folder.deleteMany({ where: { accountId, id: { in: unique } } });
    for (const folder of folders)
      await recordAudit(tx, ctx, {
        eventType: "folder.deleted",
        targetType: "folder",
        targetId: folder.id,
        payload: { name: folder.name },
      });
  });
  return unique;
}

/** The tree in display order (depth-first, by name) for pickers; the root (Drive) is not included. */
export function flattenTree(root: FolderNode): FolderOption[] {
  const out: FolderOption[] = [];
  const walk = (node: FolderNode, depth: number) => {
    for (const child of [...node.children].sort((a, b) => a.label.localeCompare(b.label))) {
      out.push({ id: child.key, name: child.label, depth, parentId: child.parent === "root" ? null : child.parent });
      walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}
