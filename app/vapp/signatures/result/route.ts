import { restRoute } from "@/lib/operations/rest";
import { signingResultOperation } from "@/lib/signatures/signature-operations";

/** Whether the signer's document is signed (the `signed` header; /thanks). */
export const GET = restRoute(signingResultOperation);
