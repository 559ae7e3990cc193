import { updateRelationSchema } from "@/lib/documents/relation-schemas";
import { deleteDocumentRelation, updateDocumentRelation } from "@/lib/documents/relations";
import { route } from "@/lib/http/route";

/** Changes a relation's type or tag (context menu "Update tag"; editor on its source). */
export const PUT = route({ operation: "updateRelation", input: updateRelationSchema }, ({ ctx, params, input }) =>
  updateDocumentRelation(ctx, params.relationId, input),
);

/** Removes a relation (context menu "Remove"; editor on its source). */
export const DELETE = route({ operation: "deleteRelation" }, async ({ ctx, params }) => ({
  id: await deleteDocumentRelation(ctx, params.relationId),
}));
