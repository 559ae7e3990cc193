import { documentStatusListOperation } from "@/lib/documents/document-overview-operations";
import { restRoute } from "@/lib/operations/rest";

/** Every document status with its label in the request's language (GraphQL `documentStatusList`). */
export const GET = restRoute(documentStatusListOperation);
