import { approvalMessagesOperation, sendApprovalMessageOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** An approval's thread, newest first (GraphQL `approvalMessages`). */
export const GET = restRoute(approvalMessagesOperation, { withParams: true, headers: { "cache-control": "no-store" } });

/** Adds a message to the thread (GraphQL `sendApprovalMessage`). */
export const POST = restRoute(sendApprovalMessageOperation, { withParams: true, status: 201 });
