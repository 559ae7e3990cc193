import { transferOwnership } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** Hands the document over (owner): { userId } becomes owner, the caller's owner policy becomes editor (GraphQL `transferDocumentOwnership`). */
export const POST = restRoute(transferOwnership, { withParams: true });
