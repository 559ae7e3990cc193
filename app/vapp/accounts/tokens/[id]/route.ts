import { z } from "zod";
import { revokeAccountToken } from "@/lib/accounts/account-tokens";
import { route } from "@/lib/http/route";

/** Revokes a token of the workspace (GraphQL `deleteToken`); its key stops working at once. */
export const DELETE = route(
  { operation: "deleteToken", input: z.object({ id: z.string().min(1).max(64) }), withParams: true },
  ({ ctx, input }) => revokeAccountToken(ctx, input.id),
);
