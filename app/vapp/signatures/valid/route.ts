import { fetchValidSignatureOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** The signer's document and boxes (the `signed` header) (GraphQL `fetchValidSignature`). */
export const GET = restRoute(fetchValidSignatureOperation);
