import {
  findDocumentPolicies,
  lastActiveDocumentPolicies,
  policyListSchema,
  upsertDocumentPolicy,
  upsertDocumentPolicySchema,
} from "@/lib/documents/policies";
import { route } from "@/lib/http/route";

/** Who has access to the document (reader); owners also get the pending requests. `?lastActive=true`: the 5 most recently active. */
export const GET = route({ operation: "policies", input: policyListSchema }, ({ ctx, params, input }) =>
  input.lastActive === "true" ? lastActiveDocumentPolicies(ctx, params.id) : findDocumentPolicies(ctx, params.id),
);

/** Gives a colleague a role, or changes it: { userId, role, note?, important?, subscribe? } (editor; owner for the owner role). */
export const POST = route({ operation: "upsertPolicy", input: upsertDocumentPolicySchema }, ({ ctx, params, input }) =>
  upsertDocumentPolicy(ctx, params.id, input),
);
