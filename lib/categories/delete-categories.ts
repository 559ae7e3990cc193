import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Deletes categories of the account (all or none: any id that is not the account's own gives
 * NOT_FOUND and deletes nothing). Returns the deleted ids.
 */
export async function deleteCategories(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(ids)];
  return db.$transaction(async (tx) => {
    const found = await tx.category.findMany({ where: { accountId, id: { in: unique } }, select: { id: true, name: true } });
    if (found.length !== unique.length) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Category not found." });
    await tx.category.deleteMany({ where: { accountId, id: { in: unique } } });
    for (const category of found) {
      await recordAudit(tx, ctx, {
        eventType: "category.deleted",
        targetType: "category",
        targetId: category.id,
        payload: { name: category.name },
      });
    }
    return unique;
  });
}
