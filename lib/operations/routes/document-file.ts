/** Where the operations of lib/documents/document-file-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const documentVersionsOp = { name: "documentVersions", method: "GET", path: "/vapp/documents/{id}/versions" } as const;
export const documentContentOp = { name: "documentContent", method: "GET", path: "/vapp/documents/{id}/content" } as const;
export const updateDocumentVersionOp = { name: "updateDocumentVersion", method: "POST", path: "/vapp/documents/{id}/versions" } as const;
export const getDocumentFileOp = { name: "getDocumentFile", method: "GET", path: "/vapp/documents/{id}/file" } as const;
export const getDocumentPdfOp = { name: "getDocumentPdf", method: "GET", path: "/vapp/documents/{id}/pdf" } as const;
export const exportDocumentsOp = { name: "exportDocuments", method: "GET", path: "/vapp/documents/export" } as const;
