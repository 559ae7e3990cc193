/** Where the operations of lib/documents/relation-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const relationsOp = { name: "relations", method: "GET", path: "/vapp/documents/{id}/relations" } as const;
export const relationCandidatesOp = {
  name: "relationCandidates",
  method: "GET",
  path: "/vapp/documents/{id}/relation-candidates",
} as const;
export const createRelationOp = { name: "createRelation", method: "POST", path: "/vapp/documents/{id}/relations" } as const;
export const updateRelationOp = { name: "updateRelation", method: "PUT", path: "/vapp/relations/{relationId}" } as const;
export const upsertRelationOp = { name: "upsertRelation", method: "PUT", path: "/vapp/documents/{id}/relations" } as const;
export const deleteRelationOp = { name: "deleteRelation", method: "DELETE", path: "/vapp/relations/{relationId}" } as const;
export const bulkDeleteRelationsOp = { name: "bulkDeleteRelations", method: "POST", path: "/vapp/relations/bulk-delete" } as const;
