import { deleteRelation, updateRelation } from "@/lib/documents/relation-operations";
import { restRoute } from "@/lib/operations/rest";

/** Changes a relation's type or tag (context menu "Update tag"; editor on its source; GraphQL `updateRelation`). */
export const PUT = restRoute(updateRelation, { withParams: true });

/** Removes a relation (context menu "Remove"; editor on its source; GraphQL `deleteRelation`). */
export const DELETE = restRoute(deleteRelation, { withParams: true });
