import { approvalFileOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";
import { SIGNED_PARAM } from "@/lib/signing/signing-links";

export const dynamic = "force-dynamic";

/** The document's file for its reviewer (`signed` header or ?signed=); ?inline=1 to show it in the page. */
// A plain link may carry the token as ?signed= (buildContext reads it); it is no input of the operation.
export const GET = restRoute(approvalFileOperation, {
  map: (raw) => Object.fromEntries(Object.entries(raw).filter(([key]) => key !== SIGNED_PARAM)),
});
