import { z } from "zod";
import { createAccountPolicy, createAccountPolicySchema } from "@/lib/accounts/create-account-policy";
import { findAccountPolicies } from "@/lib/accounts/find-account-policies";
import { upsertAccountPolicy, upsertAccountPolicySchema } from "@/lib/accounts/upsert-account-policy";
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

/** Invites one person: { email, roleId } (GraphQL `createAccountPolicy`). */
export const POST = route({ operation: "createAccountPolicy", input: createAccountPolicySchema }, async ({ ctx, input }) =>
  Response.json(await createAccountPolicy(ctx, input), { status: 201 }),
);

/** Changes a membership ({ id or email, roleId?, status? }) or invites a new email with roleId. */
export const PUT = route({ operation: "upsertAccountPolicy", input: upsertAccountPolicySchema }, ({ ctx, input }) => upsertAccountPolicy(ctx, input));
