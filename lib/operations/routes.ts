/**
 * Where each declared operation is served over REST (issue 14). Plain data with no imports, so
 * that the browser's typed client (lib/client/operations.ts) can use it without bringing zod or
 * any server code along; tests/integration/http/operation-routes.test.ts checks that every
 * declaration has its route here and that the route file at that path serves it.
 * `{name}` in a path is taken from the input's field of that name.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const OPERATION_ROUTES = {
  accountPolicies: { method: "GET", path: "/vapp/accounts/policies" },
  createAccountPolicy: { method: "POST", path: "/vapp/accounts/policies" },
  upsertAccountPolicy: { method: "PUT", path: "/vapp/accounts/policies" },
  updateAccountPolicy: { method: "PATCH", path: "/vapp/accounts/policies/{id}" },
  deleteAccountPolicy: { method: "DELETE", path: "/vapp/accounts/policies/{id}" },
  bulkDeleteAccountPolicies: { method: "POST", path: "/vapp/accounts/policies/bulk-delete" },
  sendInvitations: { method: "POST", path: "/vapp/accounts/invitations" },
  resendInvitation: { method: "POST", path: "/vapp/accounts/invitations/{id}/resend" },
  categories: { method: "GET", path: "/vapp/categories" },
  createCategory: { method: "POST", path: "/vapp/categories" },
  upsertCategory: { method: "PUT", path: "/vapp/categories" },
  updateCategory: { method: "PATCH", path: "/vapp/categories/{id}" },
  setCategoryVisibility: { method: "PUT", path: "/vapp/categories/{id}/visibility" },
  deleteCategory: { method: "DELETE", path: "/vapp/categories/{id}" },
  bulkDeleteCategories: { method: "POST", path: "/vapp/categories/bulk-delete" },
  tags: { method: "GET", path: "/vapp/tags" },
  createTag: { method: "POST", path: "/vapp/tags" },
  upsertTag: { method: "PUT", path: "/vapp/tags" },
  updateTag: { method: "PATCH", path: "/vapp/tags/{id}" },
  deleteTag: { method: "DELETE", path: "/vapp/tags/{id}" },
  bulkDeleteTags: { method: "POST", path: "/vapp/tags/bulk-delete" },
  // Collaboration around a document.
  policies: { method: "GET", path: "/vapp/documents/{id}/policies" },
  upsertPolicy: { method: "POST", path: "/vapp/documents/{id}/policies" },
  registerAccessDocumentPolicy: { method: "POST", path: "/vapp/documents/{id}/policies/request" },
  deletePolicy: { method: "DELETE", path: "/vapp/document-policies/{policyId}" },
  bulkDeletePolicies: { method: "POST", path: "/vapp/document-policies/bulk-delete" },
  answerAccessRequest: { method: "POST", path: "/vapp/document-policies/{policyId}/answer" },
  transferDocumentOwnership: { method: "POST", path: "/vapp/documents/{id}/owner" },
  personalLinks: { method: "GET", path: "/vapp/documents/{id}/share" },
  shareDocumentWithPerson: { method: "POST", path: "/vapp/documents/{id}/share" },
  links: { method: "GET", path: "/vapp/documents/{id}/links" },
  createLink: { method: "POST", path: "/vapp/documents/{id}/links" },
  updateLink: { method: "PUT", path: "/vapp/links/{linkId}" },
  deleteLink: { method: "DELETE", path: "/vapp/links/{linkId}" },
  validateLink: { method: "POST", path: "/vapp/links/{linkId}/validate" },
  refreshLink: { method: "POST", path: "/vapp/links/refresh" },
  linkedDocument: { method: "GET", path: "/vapp/links/view" },
  linkedDocumentFile: { method: "GET", path: "/vapp/links/view/file" },
  linkedAttachmentFile: { method: "GET", path: "/vapp/links/view/attachments/{attachmentId}" },
  linkComments: { method: "GET", path: "/vapp/links/{linkId}/comments" },
  createLinkComment: { method: "POST", path: "/vapp/links/{linkId}/comments" },
  updateLinkComment: { method: "PATCH", path: "/vapp/links/{linkId}/comments/{commentId}" },
  deleteLinkComment: { method: "DELETE", path: "/vapp/links/{linkId}/comments/{commentId}" },
  relations: { method: "GET", path: "/vapp/documents/{id}/relations" },
  createRelation: { method: "POST", path: "/vapp/documents/{id}/relations" },
  relationCandidates: { method: "GET", path: "/vapp/documents/{id}/relation-candidates" },
  updateRelation: { method: "PUT", path: "/vapp/relations/{relationId}" },
  deleteRelation: { method: "DELETE", path: "/vapp/relations/{relationId}" },
  bulkDeleteRelations: { method: "POST", path: "/vapp/relations/bulk-delete" },
  comments: { method: "GET", path: "/vapp/documents/{id}/comments" },
  createComment: { method: "POST", path: "/vapp/documents/{id}/comments" },
  updateComment: { method: "PUT", path: "/vapp/comments/{commentId}" },
  deleteComment: { method: "DELETE", path: "/vapp/comments/{commentId}" },
  resolveComment: { method: "POST", path: "/vapp/comments/{commentId}/resolve" },
  requestAccountAccess: { method: "POST", path: "/vapp/accounts/request-access" },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type RoutedOperationName = keyof typeof OPERATION_ROUTES;
