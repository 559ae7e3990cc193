import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "./scope";
import { pageArgs, pageOf, pageInputSchema } from "@/lib/pagination";

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
export type FindAccountPoliciesInput = z.input<typeof findAccountPoliciesSchema>;

/**
 * The members of the caller's account, paged (spec section 9: size 25 by default; the
 * "last active" query asks for accessedAt desc with size 1). Needs ManageMembers.
 */
type PolicyQuery = { include?: Prisma.AccountPolicyInclude; select?: Prisma.AccountPolicySelect };
const DEFAULT_QUERY = { include: { user: true, role: true } } satisfies PolicyQuery;

export async function findAccountPolicies<Q extends PolicyQuery = typeof DEFAULT_QUERY>(
  ctx: ServiceContext,
  rawInput: FindAccountPoliciesInput = {},
  /** A Prisma selection for the items (GraphQL passes its own, so relations load in one go). */
  query?: Q,
) {
  const scope = accountScope(ctx);
  assertCan(ctx, "ManageMembers");
  const input = findAccountPoliciesSchema.parse(rawInput);
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
      ...(query ?? DEFAULT_QUERY),
    }) as Promise<Prisma.AccountPolicyGetPayload<Q>[]>,
    db.accountPolicy.count({ where }),
  ]);
  return pageOf(items, total, input);
}
