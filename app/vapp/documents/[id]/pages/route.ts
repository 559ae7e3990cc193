import { documentPageCountOperation } from "@/lib/documents/page-image-operations";
import { restRoute } from "@/lib/operations/rest";
import { withoutSignedParam } from "@/lib/signing/signed-param";

/** How many pages the document has (GraphQL `documentPageCount`). */
export const GET = restRoute(documentPageCountOperation, { withParams: true, map: withoutSignedParam });
