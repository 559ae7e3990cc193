import { archiveDocumentOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** { archived }: archives the document, or brings it back (owner) (GraphQL `archiveDocument`). */
export const POST = restRoute(archiveDocumentOperation, { withParams: true });
