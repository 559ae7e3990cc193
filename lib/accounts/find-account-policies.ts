import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { DEFAULT_PAGE_SIZE, pageArgs, pageOf, pageInputSchema, pageSchema } from "@/lib/pagination";
import { memberSchema, memberSelect, presentMember } from "./member";
import { accountScope } from "./scope";

export const findAccountPoliciesSchema = pageInputSchema.extend({
  filter: z
    .object({
      status: z.enum(["active", "invited", "disabled"]).optional(),
      search: z.string().trim().max(200).optional(),
    })
    .strict()
    .optional(),
  orderBy: z.enum(["createdAt", "accessedAt"]).default("createdAt"),
  sortBy: z.enum(["asc", "desc"]).default("desc"),
});
export type FindAccountPoliciesInput = z.infer<typeof findAccountPoliciesSchema>;

/** The members list's defaults, written out (findAccountPoliciesSchema's): the first 25, newest first. */
export const ACCOUNT_POLICIES_DEFAULTS = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  orderBy: "createdAt",
  sortBy: "desc",
} as const satisfies FindAccountPoliciesInput;

/**
 * The members of the caller's account, paged (spec section 9: size 25 by default; the
 * "last active" query asks for accessedAt desc with size 1). Needs ManageMembers.
 */
type PolicyQuery = { include?: Prisma.AccountPolicyInclude; select?: Prisma.AccountPolicySelect };

export async function findAccountPolicies<Q extends PolicyQuery>(
  ctx: ServiceContext,
  input: FindAccountPoliciesInput,
  /** The Prisma selection of the items: GraphQL passes its own, so relations load in one go. */
  query: Q,
) {
  const scope = accountScope(ctx);
  const search = input.filter?.search;
  const where: Prisma.AccountPolicyWhereInput = {
    ...scope,
    status: input.filter?.status,
    user: search
      ? {
          OR: [
            { email: { contains: search, mode: "insensitive" } },
            { firstName: { contains: search, mode: "insensitive" } },
            { lastName: { contains: search, mode: "insensitive" } },
          ],
        }
      : undefined,
  };
  const [items, total] = await Promise.all([
    db.accountPolicy.findMany({
      where,
      orderBy: [
        input.orderBy === "accessedAt" ? { accessedAt: { sort: input.sortBy, nulls: "last" } } : { createdAt: input.sortBy },
        { id: "asc" },
      ],
      ...pageArgs(input),
      ...query,
    }) as Promise<Prisma.AccountPolicyGetPayload<Q>[]>,
    db.accountPolicy.count({ where }),
  ]);
  return pageOf(items, total, input);
}

/** The members page of the REST answer and the members screen: each member shaped (lib/accounts/member.ts). */
export async function findMembers(ctx: ServiceContext, input: FindAccountPoliciesInput = ACCOUNT_POLICIES_DEFAULTS) {
  const page = await findAccountPolicies(ctx, input, { select: memberSelect });
  return { ...page, items: page.items.map(presentMember) };
}

/** A page of members: its counts are integers. */
export const memberPageSchema = pageSchema(memberSchema).extend({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  pages: z.number().int(),
});
