/** Where the operations of lib/documents/attachment-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const attachmentsOp = { name: "attachments", method: "GET", path: "/vapp/documents/{id}/attachments" } as const;
export const createAttachmentOp = { name: "createAttachment", method: "POST", path: "/vapp/documents/{id}/attachments" } as const;
export const getAttachmentFileOp = {
  name: "getAttachmentFile",
  method: "GET",
  path: "/vapp/documents/{id}/attachments/{attachmentId}",
} as const;
export const deleteAttachmentOp = {
  name: "deleteAttachment",
  method: "DELETE",
  path: "/vapp/documents/{id}/attachments/{attachmentId}",
} as const;
