/** Where the operations of lib/documents/policy-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const documentRolesOp = { name: "documentRoles", method: "GET", path: "/vapp/document-roles" } as const;
export const policiesOp = { name: "policies", method: "GET", path: "/vapp/documents/{id}/policies" } as const;
export const upsertPolicyOp = { name: "upsertPolicy", method: "POST", path: "/vapp/documents/{id}/policies" } as const;
export const deletePolicyOp = { name: "deletePolicy", method: "DELETE", path: "/vapp/document-policies/{policyId}" } as const;
export const bulkDeletePoliciesOp = { name: "bulkDeletePolicies", method: "POST", path: "/vapp/document-policies/bulk-delete" } as const;
export const registerAccessDocumentPolicyOp = {
  name: "registerAccessDocumentPolicy",
  method: "POST",
  path: "/vapp/documents/{id}/policies/request",
} as const;
export const answerAccessRequestOp = {
  name: "answerAccessRequest",
  method: "POST",
  path: "/vapp/document-policies/{policyId}/answer",
} as const;
export const transferDocumentOwnershipOp = {
  name: "transferDocumentOwnership",
  method: "POST",
  path: "/vapp/documents/{id}/owner",
} as const;
export const personalLinksOp = { name: "personalLinks", method: "GET", path: "/vapp/documents/{id}/share" } as const;
export const shareDocumentWithPersonOp = { name: "shareDocumentWithPerson", method: "POST", path: "/vapp/documents/{id}/share" } as const;
