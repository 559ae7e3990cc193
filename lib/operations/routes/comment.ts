/** Where the operations of lib/documents/comment-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const commentsOp = { name: "comments", method: "GET", path: "/vapp/documents/{id}/comments" } as const;
export const createCommentOp = { name: "createComment", method: "POST", path: "/vapp/documents/{id}/comments" } as const;
export const updateCommentOp = { name: "updateComment", method: "PUT", path: "/vapp/comments/{commentId}" } as const;
export const resolveCommentOp = { name: "resolveComment", method: "POST", path: "/vapp/comments/{commentId}/resolve" } as const;
export const deleteCommentOp = { name: "deleteComment", method: "DELETE", path: "/vapp/comments/{commentId}" } as const;
