import { createToken, listTokens } from "@/lib/accounts/token-operations";
import { restRoute } from "@/lib/operations/rest";

/** The workspace's API tokens, never their keys (GraphQL `tokens`). Needs ManageTokens. */
export const GET = restRoute(listTokens);

/** Creates a token; the answer carries its key this once (GraphQL `createToken`). */
export const POST = restRoute(createToken, { status: 201 });
