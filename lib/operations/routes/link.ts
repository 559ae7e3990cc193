/** Where the operations of lib/links/link-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const linksOp = { name: "links", method: "GET", path: "/vapp/documents/{id}/links" } as const;
export const createLinkOp = { name: "createLink", method: "POST", path: "/vapp/documents/{id}/links" } as const;
export const updateLinkOp = { name: "updateLink", method: "PUT", path: "/vapp/links/{linkId}" } as const;
export const upsertLinkOp = { name: "upsertLink", method: "PUT", path: "/vapp/documents/{id}/links" } as const;
export const deleteLinkOp = { name: "deleteLink", method: "DELETE", path: "/vapp/links/{linkId}" } as const;
export const bulkDeleteLinksOp = { name: "bulkDeleteLinks", method: "POST", path: "/vapp/links/bulk-delete" } as const;
export const validateLinkOp = { name: "validateLink", method: "POST", path: "/vapp/links/{linkId}/validate" } as const;
export const refreshLinkOp = { name: "refreshLink", method: "POST", path: "/vapp/links/refresh" } as const;
