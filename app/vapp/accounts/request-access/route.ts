import { requestAccountAccessOperation } from "@/lib/accounts/request-access-operations";
import { restRoute } from "@/lib/operations/rest";

/** Asks the workspace's administrators for more access: { note? } (GraphQL `requestAccountAccess`). */
export const POST = restRoute(requestAccountAccessOperation);
