import { createAccountToken, createAccountTokenSchema, findAccountTokens } from "@/lib/accounts/account-tokens";
import { route } from "@/lib/http/route";

/** The workspace's API tokens, never their keys (GraphQL `tokens`). Needs ManageTokens. */
export const GET = route({ operation: "tokens" }, ({ ctx }) => findAccountTokens(ctx));

/** Creates a token; the answer carries its key this once (GraphQL `createToken`). */
export const POST = route({ operation: "createToken", input: createAccountTokenSchema }, async ({ ctx, input }) =>
  Response.json(await createAccountToken(ctx, input), { status: 201 }),
);
