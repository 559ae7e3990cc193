import { fetchValidApprovalOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/** What the reviewer's screen shows, for the `signed` header (GraphQL `fetchValidApproval`). */
export const GET = restRoute(fetchValidApprovalOperation, { headers: { "cache-control": "no-store" } });
