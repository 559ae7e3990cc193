import { setApprovalProcessOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** Sets a document's approval process, sequential or parallel (GraphQL `setApprovalProcess`). */
export const PUT = restRoute(setApprovalProcessOperation);
