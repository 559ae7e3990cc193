import { documentPolicyIdsSchema, removeDocumentPolicies } from "@/lib/documents/policies";
import { route } from "@/lib/http/route";

/** Removes several people's access or requests, all or none (GraphQL `bulkDeletePolicies`). */
export const POST = route({ operation: "bulkDeletePolicies", input: documentPolicyIdsSchema }, async ({ ctx, input }) => ({
  ids: await removeDocumentPolicies(ctx, input.ids),
}));
