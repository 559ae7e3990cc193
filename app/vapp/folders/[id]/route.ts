import { deleteFolderOperation, updateFolderOperation } from "@/lib/folders/folder-operations";
import { restRoute } from "@/lib/operations/rest";

/** Rename and/or move: { name?, parentId? } (GraphQL `updateFolder`). */
export const PUT = restRoute(updateFolderOperation, { withParams: true });

/** Deletes a folder with its sub-folders → { ids } (GraphQL `deleteFolder`). */
export const DELETE = restRoute(deleteFolderOperation, { withParams: true });
