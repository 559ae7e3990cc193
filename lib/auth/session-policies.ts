import { asJson, utcTimestamp } from "@/lib/database/raw-values";
import type { AccountPolicy, Prisma } from "@/lib/generated/prisma/client";

/**
 * The active memberships of the user whose id `userId` is (an SQL expression: a column of the
 * statement it goes into, or a parameter) as getMe's MY_POLICIES (lib/users/get-me.ts) reads them, each policy with its account
 * and role, as one JSON array: a subquery for the session's statement of a page
 * (lib/auth/get-request-context.ts), so that a signed-in page reads its shell's workspaces without
 * a statement of its own (issue 15). A model query with its relations costs the server about twice
 * the CPU of a plain statement. tests/integration/users/get-me.test.ts compares the answer with
 * Prisma's on both databases.
 */
export const myPoliciesJsonSql = (userId: string) => `(
  SELECT coalesce(json_agg(json_build_object(
           'id', mp."id", 'accountId', mp."accountId", 'userId', mp."userId", 'roleId', mp."roleId",
           'status', mp."status", 'metadata', mp."metadata", 'accessedAt', mp."accessedAt",
           'createdAt', mp."createdAt", 'updatedAt', mp."updatedAt",
           'accountName', ma."name", 'accountBrand', ma."brand", 'roleName', mr."name"
         ) ORDER BY mp."createdAt" ASC, mp."id" ASC), '[]'::json)
  FROM "AccountPolicy" mp
  JOIN "Account" ma ON ma."id" = mp."accountId"
  JOIN "AccountRole" mr ON mr."id" = mp."roleId"
  WHERE mp."userId" = ${userId} AND mp."status" = 'active')`;

type PolicyJson = Omit<AccountPolicy, "accessedAt" | "createdAt" | "updatedAt"> & {
  accessedAt: string | null;
  createdAt: string;
  updatedAt: string;
  accountName: string;
  accountBrand: Prisma.JsonValue;
  roleName: string;
};

/** The memberships of myPoliciesJsonSql, shaped as MY_POLICIES gives them. */
export function policiesFromJson(value: unknown) {
  return (asJson(value) as PolicyJson[]).map((row) => ({
    id: row.id,
    accountId: row.accountId,
    userId: row.userId,
    roleId: row.roleId,
    status: row.status,
    metadata: row.metadata,
    accessedAt: row.accessedAt === null ? null : utcTimestamp(row.accessedAt),
    createdAt: utcTimestamp(row.createdAt),
    updatedAt: utcTimestamp(row.updatedAt),
    account: { id: row.accountId, name: row.accountName, brand: row.accountBrand },
    role: { name: row.roleName },
  }));
}

export type MyPolicy = ReturnType<typeof policiesFromJson>[number];
