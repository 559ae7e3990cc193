import { declineSignatureOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** The signer declines, with a reason (the `signed` header) (GraphQL `declineSignature`). */
export const POST = restRoute(declineSignatureOperation);
