import { bulkDeleteRelations } from "@/lib/documents/relation-operations";
import { restRoute } from "@/lib/operations/rest";

/** Removes several relations, all or none: { ids } → { ids } (GraphQL `bulkDeleteRelations`; editor on each one's source). */
export const POST = restRoute(bulkDeleteRelations);
