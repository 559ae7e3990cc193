import { restRoute } from "@/lib/operations/rest";
import { resealDocumentOperation } from "@/lib/sealing/sealing-operations";

/** Queues the sealing of a signed document again, after a failure (owner). */
export const POST = restRoute(resealDocumentOperation, { withParams: true, status: 202 });
