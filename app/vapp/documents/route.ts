import { documentListQueryInput } from "@/lib/documents/document-file-operations";
import { createDocumentOperation, deleteDocumentsOperation, listDocumentsOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** A page of the documents, with the /docs screen's filters (status=…&q=…&page=…) (GraphQL `documents`). */
export const GET = restRoute(listDocumentsOperation, { map: documentListQueryInput });

/** Uploads one document (multipart `file` + optional JSON `data`), or several at once as importDocuments does (POST /vapp/documents/import) (GraphQL `createDocument`). */
export const POST = restRoute(createDocumentOperation);

/** Deletes several documents: { ids }, at most 100 (GraphQL `bulkDeleteDocuments`). */
export const DELETE = restRoute(deleteDocumentsOperation);
