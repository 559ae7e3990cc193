/** Where the operations of lib/documents/page-image-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const documentPageImageOp = { name: "documentPageImage", method: "GET", path: "/vapp/documents/{id}/pages/{page}" } as const;
export const documentPageCountOp = { name: "documentPageCount", method: "GET", path: "/vapp/documents/{id}/pages" } as const;
