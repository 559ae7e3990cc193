import { reviseApprovalDocumentOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** The reviewer changes the document (allowModification): multipart, the `signed` header (GraphQL `reviseApprovalDocument`). */
export const POST = restRoute(reviseApprovalDocumentOperation, { withParams: true, headers: { "cache-control": "no-store" } });
