import { z } from "zod";
import { db } from "@/lib/db";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { createAccountForOwner } from "./create-account";

export const createAccountSchema = z.object({ name: z.string().trim().min(1).max(120) }).strict();
export type CreateAccountInput = z.infer<typeof createAccountSchema>;

/** Multi-account is off by default (spec section 9); MULTI_ACCOUNT=true turns it on. */
export const isMultiAccountEnabled = () => process.env.MULTI_ACCOUNT === "true";

/**
 * Creates a workspace for the signed-in user, who becomes its Administrator, and moves the
 * session into it. Someone who already belongs to a workspace gets CONFLICT unless multi-account
 * is enabled.
 */
export async function createAccount(ctx: ServiceContext, input: CreateAccountInput) {
  requireUser(ctx);
  return db.$transaction(async (tx) => {
    const memberships = await tx.accountPolicy.count({ where: { userId: ctx.userId, status: "active" } });
    if (memberships > 0 && !isMultiAccountEnabled()) {
      throw new AppError(AppErrorCode.CONFLICT, { message: "You already belong to a workspace." });
    }
    const account = await createAccountForOwner(tx, ctx, { name: input.name, ownerId: ctx.userId });
    if (ctx.via === "session" && ctx.viaId) {
      await tx.session.update({ where: { id: ctx.viaId }, data: { accountId: account.id } });
    }
    return account;
  });
}
