import { createFolderOperation, folderTreeOperation, upsertFolderOperation } from "@/lib/folders/folder-operations";
import { restRoute } from "@/lib/operations/rest";

/** The tree of a group (?group=document|template) under its 'Drive' root (GraphQL `folderTree`). */
export const GET = restRoute(folderTreeOperation);

/** Creates a folder: { name, group?, parentId? } (GraphQL `createFolder`). */
export const POST = restRoute(createFolderOperation);

/** Updates the folder `id` (name, parent), or creates one without `id` (GraphQL `upsertFolder`). */
export const PUT = restRoute(upsertFolderOperation);
