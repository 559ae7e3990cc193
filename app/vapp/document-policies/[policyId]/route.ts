import { deletePolicy } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** Removes someone's access or a request (editor; owner for an owner's policy or a request; anyone for their own; GraphQL `deletePolicy`). */
export const DELETE = restRoute(deletePolicy, { withParams: true });
