import { createAccountOperation, currentAccount, updateAccountOperation } from "@/lib/accounts/account-operations";
import { restRoute } from "@/lib/operations/rest";

/** The account named by the account header (or the caller's current one) (GraphQL `account`). */
export const GET = restRoute(currentAccount);

/** Creates a workspace for the signed-in user. */
export const POST = restRoute(createAccountOperation, { status: 201 });

/** Updates name, settings and brand of the current workspace. */
export const PUT = restRoute(updateAccountOperation);
