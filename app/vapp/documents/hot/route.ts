import { hotDocumentsOperation } from "@/lib/documents/document-overview-operations";
import { restRoute } from "@/lib/operations/rest";

/** The documents most recently changed: ?size (GraphQL `hotDocuments`). */
export const GET = restRoute(hotDocumentsOperation);
