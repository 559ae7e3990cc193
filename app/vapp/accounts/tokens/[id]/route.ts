import { deleteToken } from "@/lib/accounts/token-operations";
import { restRoute } from "@/lib/operations/rest";

/** Revokes a token of the workspace (GraphQL `deleteToken`); its key stops working at once. */
export const DELETE = restRoute(deleteToken, { withParams: true });
