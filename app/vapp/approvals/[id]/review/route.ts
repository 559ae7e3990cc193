import { reviewDocumentOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

/** The reviewer's decision, by the `signed` header (GraphQL `reviewDocument`). */
export const POST = restRoute(reviewDocumentOperation, { withParams: true, headers: { "cache-control": "no-store" } });
