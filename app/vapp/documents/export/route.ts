import { exportDocumentsOperation, documentListQueryInput } from "@/lib/documents/document-file-operations";
import { restRoute } from "@/lib/operations/rest";

/** The /docs list with the same filters (status=…&q=…), as a CSV download. */
export const GET = restRoute(exportDocumentsOperation, { map: documentListQueryInput });
