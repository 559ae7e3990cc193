/** Where the operations of lib/folders/folder-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const foldersOp = { name: "folders", method: "GET", path: "/vapp/folders/list" } as const;
export const folderTreeOp = { name: "folderTree", method: "GET", path: "/vapp/folders" } as const;
export const createFolderOp = { name: "createFolder", method: "POST", path: "/vapp/folders" } as const;
export const updateFolderOp = { name: "updateFolder", method: "PUT", path: "/vapp/folders/{id}" } as const;
export const upsertFolderOp = { name: "upsertFolder", method: "PUT", path: "/vapp/folders" } as const;
export const deleteFolderOp = { name: "deleteFolder", method: "DELETE", path: "/vapp/folders/{id}" } as const;
export const bulkDeleteFoldersOp = { name: "bulkDeleteFolders", method: "POST", path: "/vapp/folders/bulk-delete" } as const;
