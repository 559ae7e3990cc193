import { documentVersionsOperation, updateDocumentVersionOperation } from "@/lib/documents/document-file-operations";
import { restRoute } from "@/lib/operations/rest";

/** Every version, newest first (GraphQL `documentVersions`). */
export const GET = restRoute(documentVersionsOperation, { withParams: true });

/** A new version from an upload: multipart `file` (GraphQL `updateDocumentVersion`). */
export const POST = restRoute(updateDocumentVersionOperation, { withParams: true });
