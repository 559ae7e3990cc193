import { requestApprovalOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** Asks one approver, or sends them a new link (GraphQL `requestApproval`). */
export const POST = restRoute(requestApprovalOperation, { withParams: true });
