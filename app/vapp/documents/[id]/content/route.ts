import { documentContentOperation } from "@/lib/documents/document-file-operations";
import { restRoute } from "@/lib/operations/rest";

/** One version of the document, the latest without `?version=` (GraphQL `documentContent`). */
export const GET = restRoute(documentContentOperation, { withParams: true });
