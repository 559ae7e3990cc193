import { fetchValidApprovalOperation } from "@/lib/approvals/approval-operations";
import { restRoute } from "@/lib/operations/rest";
import { SIGNED_PARAM } from "@/lib/signing/signing-links";

export const dynamic = "force-dynamic";

/** What the reviewer's screen shows, for the `signed` header (GraphQL `fetchValidApproval`). */
export const GET = restRoute(fetchValidApprovalOperation, {
  headers: { "cache-control": "no-store" },
  // The token may come as ?signed= (buildContext reads it); it is no input of the operation.
  map: (raw) => Object.fromEntries(Object.entries(raw).filter(([key]) => key !== SIGNED_PARAM)),
});
