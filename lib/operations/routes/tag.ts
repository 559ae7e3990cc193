/** Where the operations of lib/tags/tag-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const tagsOp = { name: "tags", method: "GET", path: "/vapp/tags" } as const;
export const createTagOp = { name: "createTag", method: "POST", path: "/vapp/tags" } as const;
export const updateTagOp = { name: "updateTag", method: "PATCH", path: "/vapp/tags/{id}" } as const;
export const upsertTagOp = { name: "upsertTag", method: "PUT", path: "/vapp/tags" } as const;
export const deleteTagOp = { name: "deleteTag", method: "DELETE", path: "/vapp/tags/{id}" } as const;
export const bulkDeleteTagsOp = { name: "bulkDeleteTags", method: "POST", path: "/vapp/tags/bulk-delete" } as const;
