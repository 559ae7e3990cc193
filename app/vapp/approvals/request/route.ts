import { requestApprovalsOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** Sends a document for approval (GraphQL `requestApprovals`). */
export const POST = restRoute(requestApprovalsOperation);
