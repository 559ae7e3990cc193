import { importDocumentsOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** Uploads several documents at once (multipart `file` parts + optional JSON `data`): all or none, plan capability `import` (GraphQL `importDocuments`). */
export const POST = restRoute(importDocumentsOperation);
