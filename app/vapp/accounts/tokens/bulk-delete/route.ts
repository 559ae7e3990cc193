import { bulkDeleteTokens } from "@/lib/accounts/token-operations";
import { restRoute } from "@/lib/operations/rest";

/** Revokes several tokens of the workspace, all or none (GraphQL `bulkDeleteTokens`). */
export const POST = restRoute(bulkDeleteTokens);
