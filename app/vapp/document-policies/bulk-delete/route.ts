import { bulkDeletePolicies } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** Removes several people's access or requests, all or none: { ids } → { ids } (GraphQL `bulkDeletePolicies`). */
export const POST = restRoute(bulkDeletePolicies);
