import { restRoute } from "@/lib/operations/rest";
import { signDocumentOperation } from "@/lib/signatures/signature-operations";

/** The signer signs: multipart, the `signed` header (GraphQL `signDocument`). */
export const POST = restRoute(signDocumentOperation);
