import { z } from "zod";
import { findAccountPolicies } from "@/lib/accounts/find-account-policies";
import { route } from "@/lib/http/route";

const querySchema = z
  .object({
    page: z.coerce.number().int().min(1).optional(),
    size: z.coerce.number().int().min(1).max(100).optional(),
    orderBy: z.enum(["createdAt", "accessedAt"]).optional(),
    sortBy: z.enum(["asc", "desc"]).optional(),
    status: z.enum(["active", "invited", "disabled"]).optional(),
    search: z.string().max(200).optional(),
  })
  .strict();

/** The workspace's members and invitees, paged. */
export const GET = route({ operation: "accountPolicies", input: querySchema }, ({ ctx, input }) => {
  const { status, search, ...rest } = input;
  return findAccountPolicies(ctx, { ...rest, filter: status || search ? { status, search } : undefined });
});
