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
  templates: { method: "GET", path: "/vapp/templates" },
  template: { method: "GET", path: "/vapp/templates/{id}" },
  createTemplate: { method: "POST", path: "/vapp/templates" },
  updateTemplate: { method: "PUT", path: "/vapp/templates/{id}" },
  updateTemplateDestinationFolder: { method: "PUT", path: "/vapp/templates/{id}/folder" },
  cloneTemplate: { method: "POST", path: "/vapp/templates/{id}/clone" },
  updateTemplateVersion: { method: "POST", path: "/vapp/templates/{id}/version" },
  publishUnpublishTemplate: { method: "POST", path: "/vapp/templates/{id}/publish" },
  deleteTemplate: { method: "DELETE", path: "/vapp/templates/{id}" },
  bulkDeleteTemplates: { method: "DELETE", path: "/vapp/templates" },
  getTemplateFile: { method: "GET", path: "/vapp/templates/{id}/file" },
  exportTemplates: { method: "GET", path: "/vapp/templates/export" },
  getSampleTemplate: { method: "GET", path: "/vapp/templates/sample" },
  createDocumentFromTemplate: { method: "POST", path: "/vapp/documents/from-template" },
  updateDocumentValues: { method: "PUT", path: "/vapp/documents/{id}/values" },
  folders: { method: "GET", path: "/vapp/folders/list" },
  folderTree: { method: "GET", path: "/vapp/folders" },
  createFolder: { method: "POST", path: "/vapp/folders" },
  upsertFolder: { method: "PUT", path: "/vapp/folders" },
  updateFolder: { method: "PUT", path: "/vapp/folders/{id}" },
  deleteFolder: { method: "DELETE", path: "/vapp/folders/{id}" },
  bulkDeleteFolders: { method: "POST", path: "/vapp/folders/bulk-delete" },
  dataStore: { method: "GET", path: "/vapp/accounts/data-store" },
  updateDataStore: { method: "PUT", path: "/vapp/accounts/data-store" },
  findTemplates: { method: "GET", path: "/v1/templates" },
  getTemplate: { method: "GET", path: "/v1/templates/{id}" },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type RoutedOperationName = keyof typeof OPERATION_ROUTES;
