import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { idString } from "@/lib/validation/ids";

export const switchAccountSchema = z.object({ accountId: idString() }).strict();

/**
 * Moves the current session into another workspace the user is an active member of (the account
 * switcher). NOT_FOUND for any other workspace.
 */
export async function switchAccount(ctx: ServiceContext, accountId: string) {
  requireUser(ctx);
  return db.$transaction(async (tx) => {
    const policy = await tx.accountPolicy.findFirst({
      where: { accountId, userId: ctx.userId, status: "active", account: { active: true } },
      include: { account: true },
    });
    if (!policy) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Workspace not found." });
    if (ctx.via === "session" && ctx.viaId) {
      await tx.session.update({ where: { id: ctx.viaId }, data: { accountId } });
    }
    await recordAudit(tx, { ...ctx, accountId }, { eventType: "session.accountSwitched", targetType: "account", targetId: accountId });
    return policy.account;
  });
}
