import { db } from "@/lib/db";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/** The signed-in user with their memberships. Throws UNAUTHENTICATED when signed out. */
export async function getMe(ctx: ServiceContext) {
  requireUser(ctx);
  const user = await db.user.findUnique({
    where: { id: ctx.userId },
    include: {
      policies: {
        where: { status: "active" },
        orderBy: { createdAt: "asc" },
        include: { account: { select: { id: true, name: true, brand: true } }, role: { select: { name: true } } },
      },
    },
  });
  if (!user || user.deleted) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Sign in to continue." });
  return toPublicUser(user);
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

/** The signed-in user as a Prisma query (GraphQL passes its selection through `query`). */
export async function getCurrentUser<Q extends { select?: object; include?: object }>(ctx: ServiceContext, query: Q = {} as Q) {
  requireUser(ctx);
  const user = await db.user.findFirst({ ...query, where: { id: ctx.userId, deleted: false } });
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
