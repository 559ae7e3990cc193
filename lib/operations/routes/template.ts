/** Where the operations of lib/templates/template-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const templatesOp = { name: "templates", method: "GET", path: "/vapp/templates" } as const;
export const templateOp = { name: "template", method: "GET", path: "/vapp/templates/{id}" } as const;
export const createTemplateOp = { name: "createTemplate", method: "POST", path: "/vapp/templates" } as const;
export const updateTemplateOp = { name: "updateTemplate", method: "PUT", path: "/vapp/templates/{id}" } as const;
export const updateTemplateDestinationFolderOp = {
  name: "updateTemplateDestinationFolder",
  method: "PUT",
  path: "/vapp/templates/{id}/folder",
} as const;
export const cloneTemplateOp = { name: "cloneTemplate", method: "POST", path: "/vapp/templates/{id}/clone" } as const;
export const updateTemplateVersionOp = { name: "updateTemplateVersion", method: "POST", path: "/vapp/templates/{id}/version" } as const;
export const publishUnpublishTemplateOp = {
  name: "publishUnpublishTemplate",
  method: "POST",
  path: "/vapp/templates/{id}/publish",
} as const;
export const deleteTemplateOp = { name: "deleteTemplate", method: "DELETE", path: "/vapp/templates/{id}" } as const;
export const bulkDeleteTemplatesOp = { name: "bulkDeleteTemplates", method: "DELETE", path: "/vapp/templates" } as const;
export const getTemplateFileOp = { name: "getTemplateFile", method: "GET", path: "/vapp/templates/{id}/file" } as const;
export const exportTemplatesOp = { name: "exportTemplates", method: "GET", path: "/vapp/templates/export" } as const;
export const getSampleTemplateOp = { name: "getSampleTemplate", method: "GET", path: "/vapp/templates/sample" } as const;
