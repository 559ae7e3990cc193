import { expiringDocumentsOperation } from "@/lib/documents/document-overview-operations";
import { restRoute } from "@/lib/operations/rest";

/** Open documents ending soon, soonest first: ?size (GraphQL `expiringDocuments`). */
export const GET = restRoute(expiringDocumentsOperation);
