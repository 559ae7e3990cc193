import { updateDocumentStatusOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** { newStatus } along the transition table (GraphQL `updateDocumentStatus`). */
export const POST = restRoute(updateDocumentStatusOperation, { withParams: true });
