import { accountTokenIdsSchema, revokeAccountTokens } from "@/lib/accounts/account-tokens";
import { route } from "@/lib/http/route";

/** Revokes several tokens of the workspace, all or none (GraphQL `bulkDeleteTokens`). */
export const POST = route({ operation: "bulkDeleteTokens", input: accountTokenIdsSchema }, async ({ ctx, input }) => ({
  ids: (await revokeAccountTokens(ctx, input.ids)).map((token) => token.id),
}));
