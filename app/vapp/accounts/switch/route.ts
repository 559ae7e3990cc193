import { switchAccountOperation } from "@/lib/accounts/account-operations";
import { restRoute } from "@/lib/operations/rest";

/** Moves the session into another of the user's workspaces: `{ accountId }` → the account. */
export const POST = restRoute(switchAccountOperation);
