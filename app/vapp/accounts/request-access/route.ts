import { requestAccountAccess, requestAccountAccessSchema } from "@/lib/accounts/request-access";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "requestAccountAccess", input: requestAccountAccessSchema }, ({ ctx, input }) =>
  requestAccountAccess(ctx, input),
);
