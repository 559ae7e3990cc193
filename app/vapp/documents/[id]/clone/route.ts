import { cloneDocumentOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** Copies the document (GraphQL `cloneDocument`). */
export const POST = restRoute(cloneDocumentOperation, { withParams: true });
