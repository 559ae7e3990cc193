import { db } from "@/lib/db";
import { requireAccount, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * The caller's current account, with the caller's role, permissions, admin flag and terms
 * acceptance (spec section 3, Account). Throws ACCOUNT_REQUIRED without one.
 */
export async function getAccount(ctx: ServiceContext, query: { select?: object; include?: object } = {}) {
  requireAccount(ctx);
  const account = await db.account.findUnique({ where: { id: ctx.accountId }, ...query });
  if (!account) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Workspace not found." });
  return account;
}

/** The view of the account the REST row GET /vapp/accounts returns. */
export async function getAccountView(ctx: ServiceContext) {
  const account = await getAccount(ctx);
  requireAccount(ctx);
  const user = await db.user.findUnique({ where: { id: ctx.userId }, select: { tos: true } });
  return {
    ...account,
    tax: { taxId: account.taxId },
    role: ctx.role,
    permissions: [...ctx.permissions],
    admin: ctx.permissions.has("ManageAccount"),
    tos: user?.tos ?? false,
  };
}
