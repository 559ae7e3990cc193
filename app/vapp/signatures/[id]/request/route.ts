import { requestSignatureOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** Sends one signer's link again (editor) (GraphQL `requestSignature`). */
export const POST = restRoute(requestSignatureOperation, { withParams: true });
