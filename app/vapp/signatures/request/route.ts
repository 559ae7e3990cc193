import { requestSignaturesOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** { documentId }: sends the document for signature (editor) (GraphQL `requestSignatures`). */
export const POST = restRoute(requestSignaturesOperation);
