import { lockDocumentOperation, unlockDocumentOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** Takes or renews the edit lock (DOCUMENT_LOCKED names whoever holds it) (GraphQL `lockDocument`). */
export const POST = restRoute(lockDocumentOperation, { withParams: true });

/** Releases the caller's lock (GraphQL `unlockDocument`). */
export const DELETE = restRoute(unlockDocumentOperation, { withParams: true });
