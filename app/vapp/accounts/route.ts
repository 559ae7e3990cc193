import { createAccount, createAccountSchema } from "@/lib/accounts/create-account-for-user";
import { getAccountView } from "@/lib/accounts/get-account";
import { updateAccount, updateAccountSchema } from "@/lib/accounts/update-account";
import { route } from "@/lib/http/route";

/** The account named by the account header (or the caller's current one). */
export const GET = route({ operation: "getAccount" }, ({ ctx }) => getAccountView(ctx));

/** Creates a workspace for the signed-in user. */
export const POST = route({ operation: "createAccount", input: createAccountSchema }, async ({ ctx, input }) =>
  Response.json(await createAccount(ctx, input), { status: 201 }),
);

/** Updates name, settings and brand of the current workspace. */
export const PUT = route({ operation: "updateAccount", input: updateAccountSchema }, ({ ctx, input }) => updateAccount(ctx, input));
