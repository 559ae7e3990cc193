import { db, queryRows } from "@/lib/db";
import { requireUser, type AuthedContext, type ServiceContext } from "@/lib/auth/context";
import { myPoliciesJsonSql, policiesFromJson, type MyPolicy } from "@/lib/auth/session-policies";
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
  if (known && known.id === ctx.userId && !known.deleted) {
    // A page's session statement read the memberships too (getPageContext); otherwise one statement.
    return toPublicUser({ ...known, policies: ctx.sessionPolicies?.() ?? (await myPolicies(ctx.userId)) });
  }
  const user = await db.user.findUnique({ where: { id: ctx.userId }, include: { policies: MY_POLICIES } });
  if (!user || user.deleted) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Sign in to continue." });
  return toPublicUser(user);
}

const MY_POLICIES_SQL = `SELECT ${myPoliciesJsonSql("$1")} AS "policies"`;

/** The user's active memberships in one plain statement, through the driver (lib/db.ts queryRows). */
async function myPolicies(userId: string): Promise<MyPolicy[]> {
  const [row] = await queryRows<{ policies: unknown }>(MY_POLICIES_SQL, [userId], { prepared: true });
  return policiesFromJson(row?.policies ?? []);
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
