/** Where the operations of lib/documents/template-document-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const createDocumentFromTemplateOp = {
  name: "createDocumentFromTemplate",
  method: "POST",
  path: "/vapp/documents/from-template",
} as const;
export const updateDocumentValuesOp = { name: "updateDocumentValues", method: "PUT", path: "/vapp/documents/{id}/values" } as const;
