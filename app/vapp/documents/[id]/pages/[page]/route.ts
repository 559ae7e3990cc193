import { documentPageImageOperation } from "@/lib/documents/page-image-operations";
import { restRoute } from "@/lib/operations/rest";
import { withoutSignedParam } from "@/lib/signing/signed-param";

/** Page {page} of the document as a PNG (a member with reader, or the signer or reviewer of this document: the `signed` header or query parameter). */
export const GET = restRoute(documentPageImageOperation, { withParams: true, map: withoutSignedParam });
