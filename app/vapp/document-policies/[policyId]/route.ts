import { removeDocumentPolicy } from "@/lib/documents/policies";
import { route } from "@/lib/http/route";

/** Removes someone's access or a request (editor; owner for an owner's policy or a request; anyone for their own). */
export const DELETE = route({ operation: "deletePolicy" }, async ({ ctx, params }) => ({
  id: await removeDocumentPolicy(ctx, params.policyId),
}));
