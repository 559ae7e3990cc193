import { listPolicies, upsertPolicy } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** Who has access to the document (reader); owners also get the pending requests. `?lastActive=true`: the 5 most recently active (GraphQL `policies`). */
export const GET = restRoute(listPolicies, { withParams: true });

/** Gives a colleague a role, or changes it: { userId, role, note?, important?, subscribe? } (editor; owner for the owner role; GraphQL `upsertPolicy`). */
export const POST = restRoute(upsertPolicy, { withParams: true });
