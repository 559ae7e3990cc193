import { deleteFoldersOperation } from "@/lib/folders/folder-operations";
import { restRoute } from "@/lib/operations/rest";

/** Deletes several folders, all or none: { ids } → { ids } (GraphQL `bulkDeleteFolders`). */
export const POST = restRoute(deleteFoldersOperation);
