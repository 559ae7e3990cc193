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
  documents: { method: "GET", path: "/vapp/documents" },
  createDocument: { method: "POST", path: "/vapp/documents" },
  bulkDeleteDocuments: { method: "DELETE", path: "/vapp/documents" },
  document: { method: "GET", path: "/vapp/documents/{id}" },
  updateDocument: { method: "PUT", path: "/vapp/documents/{id}" },
  deleteDocument: { method: "DELETE", path: "/vapp/documents/{id}" },
  updateDocumentStatus: { method: "POST", path: "/vapp/documents/{id}/status" },
  archiveDocument: { method: "POST", path: "/vapp/documents/{id}/archive" },
  cloneDocument: { method: "POST", path: "/vapp/documents/{id}/clone" },
  lockDocument: { method: "POST", path: "/vapp/documents/{id}/lock" },
  unlockDocument: { method: "DELETE", path: "/vapp/documents/{id}/lock" },
  documentVersions: { method: "GET", path: "/vapp/documents/{id}/versions" },
  updateDocumentVersion: { method: "POST", path: "/vapp/documents/{id}/versions" },
  getDocumentFile: { method: "GET", path: "/vapp/documents/{id}/file" },
  getDocumentPdf: { method: "GET", path: "/vapp/documents/{id}/pdf" },
  exportDocuments: { method: "GET", path: "/vapp/documents/export" },
  attachments: { method: "GET", path: "/vapp/documents/{id}/attachments" },
  createAttachment: { method: "POST", path: "/vapp/documents/{id}/attachments" },
  getAttachmentFile: { method: "GET", path: "/vapp/documents/{id}/attachments/{attachmentId}" },
  deleteAttachment: { method: "DELETE", path: "/vapp/documents/{id}/attachments/{attachmentId}" },
  globalSearch: { method: "GET", path: "/vapp/search" },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type RoutedOperationName = keyof typeof OPERATION_ROUTES;
