/** Where the operations of lib/documents/document-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const documentsOp = { name: "documents", method: "GET", path: "/vapp/documents" } as const;
export const createDocumentOp = { name: "createDocument", method: "POST", path: "/vapp/documents" } as const;
export const importDocumentsOp = { name: "importDocuments", method: "POST", path: "/vapp/documents/import" } as const;
export const documentOp = { name: "document", method: "GET", path: "/vapp/documents/{id}" } as const;
export const updateDocumentOp = { name: "updateDocument", method: "PUT", path: "/vapp/documents/{id}" } as const;
export const updateDocumentDestinationFolderOp = {
  name: "updateDocumentDestinationFolder",
  method: "PUT",
  path: "/vapp/documents/{id}/folder",
} as const;
export const updateDocumentStatusOp = { name: "updateDocumentStatus", method: "POST", path: "/vapp/documents/{id}/status" } as const;
export const archiveDocumentOp = { name: "archiveDocument", method: "POST", path: "/vapp/documents/{id}/archive" } as const;
export const cloneDocumentOp = { name: "cloneDocument", method: "POST", path: "/vapp/documents/{id}/clone" } as const;
export const lockDocumentOp = { name: "lockDocument", method: "POST", path: "/vapp/documents/{id}/lock" } as const;
export const unlockDocumentOp = { name: "unlockDocument", method: "DELETE", path: "/vapp/documents/{id}/lock" } as const;
export const deleteDocumentOp = { name: "deleteDocument", method: "DELETE", path: "/vapp/documents/{id}" } as const;
export const bulkDeleteDocumentsOp = { name: "bulkDeleteDocuments", method: "DELETE", path: "/vapp/documents" } as const;
