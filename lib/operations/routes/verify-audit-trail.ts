/** Where the operations of lib/audit/verify-audit-trail.ts are served (handles: lib/operations/operation-route.ts). */
export const verifyAuditTrailOp = { name: "verifyAuditTrail", method: "POST", path: "/vapp/accounts/audit/verify" } as const;
