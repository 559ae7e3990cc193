import { exportAuditTrailOperation } from "@/lib/audit/export-audit-trail";
import { restRoute } from "@/lib/operations/rest";

/** The workspace's audit trail as a verifiable hash chain (JSON download; ViewAudit). */
export const GET = restRoute(exportAuditTrailOperation);
