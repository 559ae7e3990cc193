/** Where the operations of lib/audit/export-audit-trail.ts are served (handles: lib/operations/operation-route.ts). */
export const exportAuditTrailOp = { name: "exportAuditTrail", method: "GET", path: "/vapp/accounts/audit/export" } as const;
