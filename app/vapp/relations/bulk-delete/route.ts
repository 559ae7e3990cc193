import { deleteDocumentRelations, relationIdsSchema } from "@/lib/documents/relations";
import { route } from "@/lib/http/route";

/** Removes several relations, all or none (GraphQL `bulkDeleteRelations`; editor on each one's source). */
export const POST = route({ operation: "bulkDeleteRelations", input: relationIdsSchema }, async ({ ctx, input }) => ({
  ids: await deleteDocumentRelations(ctx, input.ids),
}));
