import { createDocumentOperation, deleteDocumentsOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** Uploads one document (multipart `file` + optional JSON `data`), or several at once (an import) (GraphQL `createDocument`, `importDocuments`). */
export const POST = restRoute(createDocumentOperation);

/** Deletes several documents: { ids }, at most 100 (GraphQL `bulkDeleteDocuments`). */
export const DELETE = restRoute(deleteDocumentsOperation);
