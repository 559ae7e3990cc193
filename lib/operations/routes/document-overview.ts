/** Where the operations of lib/documents/document-overview-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const hotDocumentsOp = { name: "hotDocuments", method: "GET", path: "/vapp/documents/hot" } as const;
export const expiringDocumentsOp = { name: "expiringDocuments", method: "GET", path: "/vapp/documents/expiring" } as const;
export const documentsCountOp = { name: "documentsCount", method: "GET", path: "/vapp/documents/count" } as const;
export const documentStatusListOp = { name: "documentStatusList", method: "GET", path: "/vapp/documents/status-list" } as const;
