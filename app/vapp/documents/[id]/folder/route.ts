import { moveDocumentOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** Moves the document: { destinationId } (a document folder, or null for the root) (GraphQL `updateDocumentDestinationFolder`). */
export const PUT = restRoute(moveDocumentOperation, { withParams: true });
