import { verifyAuditTrailOperation } from "@/lib/audit/verify-audit-trail";
import { restRoute } from "@/lib/operations/rest";

/** Checks an exported audit trail: multipart, one `file` (ViewAudit). */
export const POST = restRoute(verifyAuditTrailOperation, { headers: { "cache-control": "no-store" } });
