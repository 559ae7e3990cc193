import { deleteApprovalOperation, updateApprovalOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** Edits an approver (GraphQL `updateApproval`). */
export const PATCH = restRoute(updateApprovalOperation, { withParams: true });

/** Removes an approver who has not decided (GraphQL `deleteApproval`). */
export const DELETE = restRoute(deleteApprovalOperation, { withParams: true });
