/** Where the operations of lib/api/public-template-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const findTemplatesOp = { name: "findTemplates", method: "GET", path: "/v1/templates" } as const;
export const getTemplateOp = { name: "getTemplate", method: "GET", path: "/v1/templates/{id}" } as const;
