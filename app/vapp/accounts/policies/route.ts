import { z } from "zod";
import { createAccountPolicy, createAccountPolicySchema } from "@/lib/accounts/create-account-policy";
import { findMembers, memberPageSchema } from "@/lib/accounts/find-account-policies";
import { membershipSchema } from "@/lib/accounts/member";
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
export const GET = route({ operation: "accountPolicies", input: querySchema, output: memberPageSchema }, ({ ctx, input }) => {
  const { status, search, ...rest } = input;
  return findMembers(ctx, { ...rest, filter: status || search ? { status, search } : undefined });
});

/** Invites one person: { email, roleId } (GraphQL `createAccountPolicy`). */
export const POST = route({ operation: "createAccountPolicy", input: createAccountPolicySchema, output: membershipSchema, status: 201 }, ({ ctx, input }) =>
  createAccountPolicy(ctx, input),
);

/** Changes a membership ({ id or email, roleId?, status? }) or invites a new email with roleId. */
export const PUT = route({ operation: "upsertAccountPolicy", input: upsertAccountPolicySchema, output: membershipSchema }, ({ ctx, input }) => upsertAccountPolicy(ctx, input));
