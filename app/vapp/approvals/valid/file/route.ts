import { approvalFileOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/** The document's file for its reviewer (`signed` header or ?signed=); ?inline=1 to show it in the page. */
export const GET = restRoute(approvalFileOperation);
