import { db } from "@/lib/db";
import { asDate, asJson } from "@/lib/database/raw-values";
import type { AccountPolicy } from "@/lib/generated/prisma/client";
import { requireUser, type AuthedContext, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/** The memberships getMe shows (the account switcher, the shell's workspace). */
const MY_POLICIES = {
  where: { status: "active" as const },
  orderBy: { createdAt: "asc" as const },
  include: { account: { select: { id: true, name: true, brand: true } }, role: { select: { name: true } } },
};

/**
 * The signed-in user with their memberships. Throws UNAUTHENTICATED when signed out. A read-only
 * request (a page, a GET, a GraphQL query) reads them once, however many parts of it ask (a page
 * and its shell), and takes the user's own columns from the session's statement.
 */
export async function getMe(ctx: ServiceContext) {
  requireUser(ctx);
  return ctx.request?.readOnly ? ctx.request.get(`me:${ctx.userId}`, () => readMe(ctx)) : readMe(ctx);
}

async function readMe(ctx: AuthedContext) {
  const known = ctx.request?.readOnly ? ctx.sessionUser?.() : undefined;
  if (known && known.id === ctx.userId && !known.deleted) return toPublicUser({ ...known, policies: await myPolicies(ctx.userId) });
  const user = await db.user.findUnique({ where: { id: ctx.userId }, include: { policies: MY_POLICIES } });
  if (!user || user.deleted) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Sign in to continue." });
  return toPublicUser(user);
}

type PolicyRow = Omit<AccountPolicy, "accessedAt" | "createdAt" | "updatedAt"> & {
  accessedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  accountName: string;
  accountBrand: unknown;
  roleName: string;
};

/**
 * The user's active memberships as MY_POLICIES reads them (each policy with its account and
 * role), in one plain statement: a model query with its relations costs the server about twice
 * the CPU of this, and every signed-in page runs it for its shell (issue 15).
 * tests/integration/users/get-me.test.ts compares the two on both databases.
 */
async function myPolicies(userId: string) {
  const rows = await db.$queryRaw<PolicyRow[]>`
    SELECT p."id", p."accountId", p."userId", p."roleId", p."status"::text AS "status", p."metadata",
           p."accessedAt", p."createdAt", p."updatedAt",
           a."name" AS "accountName", a."brand" AS "accountBrand", r."name" AS "roleName"
    FROM "AccountPolicy" p
    JOIN "Account" a ON a."id" = p."accountId"
    JOIN "AccountRole" r ON r."id" = p."roleId"
    WHERE p."userId" = ${userId} AND p."status" = 'active'
    ORDER BY p."createdAt" ASC, p."id" ASC`;
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    userId: row.userId,
    roleId: row.roleId,
    status: row.status,
    metadata: asJson(row.metadata),
    accessedAt: asDate(row.accessedAt),
    createdAt: asDate(row.createdAt)!,
    updatedAt: asDate(row.updatedAt)!,
    account: { id: row.accountId, name: row.accountName, brand: asJson(row.accountBrand) },
    role: { name: row.roleName },
  }));
}

type UserRow = NonNullable<Awaited<ReturnType<typeof db.user.findUnique>>>;

/** What any API returns for a user: never the password hash. */
export function toPublicUser<T extends UserRow>(user: T) {
  const { passwordHash, ...rest } = user;
  return {
    ...rest,
    name: [user.firstName, user.lastName].filter(Boolean).join(" "),
    hasPassword: Boolean(passwordHash),
  };
}

/** A query for the user's own columns, all of them (GraphQL's User loads relations with queries of their own). */
const isWholeRow = (query: { select?: object; include?: object }) =>
  !query.select && (!query.include || Object.keys(query.include).length === 0);

/** The signed-in user as a Prisma query (GraphQL passes its selection through `query`). */
export async function getCurrentUser<Q extends { select?: object; include?: object }>(ctx: ServiceContext, query: Q = {} as Q) {
  requireUser(ctx);
  const read = () => db.user.findFirst({ ...query, where: { id: ctx.userId, deleted: false } });
  // A read-only request of a session (a GraphQL query; not a subscription, whose context outlives
  // it) has read the user with the session: the whole row, which is what an empty query asks for.
  const known = ctx.request?.readOnly && isWholeRow(query) ? ctx.sessionUser?.() : undefined;
  const user = known && known.id === ctx.userId && !known.deleted ? (known as Awaited<ReturnType<typeof read>>) : await read();
  if (!user) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Sign in to continue." });
  return user;
}

/** The signed-in user's own active memberships (the account switcher). */
export async function findMyPolicies<Q extends { select?: object; include?: object }>(ctx: ServiceContext, query: Q = {} as Q) {
  requireUser(ctx);
  return db.accountPolicy.findMany({
    ...query,
    where: { userId: ctx.userId, status: "active", account: { active: true } },
    orderBy: { createdAt: "asc" },
  });
}
