import { createApprovalOperation, listApprovals } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** A document's approvers (?documentId=…&size=&cursorId=; GraphQL `approvals`). */
export const GET = restRoute(listApprovals);

/** Adds an approver to a document (GraphQL `createApproval`). */
export const POST = restRoute(createApprovalOperation, { status: 201 });
