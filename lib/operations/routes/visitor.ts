/** Where the operations of lib/links/visitor-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const linkedDocumentOp = { name: "linkedDocument", method: "GET", path: "/vapp/links/view" } as const;
export const linkedDocumentFileOp = { name: "linkedDocumentFile", method: "GET", path: "/vapp/links/view/file" } as const;
export const linkedAttachmentFileOp = {
  name: "linkedAttachmentFile",
  method: "GET",
  path: "/vapp/links/view/attachments/{attachmentId}",
} as const;
export const linkCommentsOp = { name: "linkComments", method: "GET", path: "/vapp/links/{linkId}/comments" } as const;
export const createLinkCommentOp = { name: "createLinkComment", method: "POST", path: "/vapp/links/{linkId}/comments" } as const;
export const updateLinkCommentOp = {
  name: "updateLinkComment",
  method: "PATCH",
  path: "/vapp/links/{linkId}/comments/{commentId}",
} as const;
export const deleteLinkCommentOp = {
  name: "deleteLinkComment",
  method: "DELETE",
  path: "/vapp/links/{linkId}/comments/{commentId}",
} as const;
