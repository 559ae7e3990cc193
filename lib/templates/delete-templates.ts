import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { storage } from "@/lib/storage/storage";
import { templateNotFound } from "./template-schemas";

/**
 * Deletes templates of the account, all or none, and then their files. Documents made from them
 * stay, with files of their own.
 */
export async function deleteTemplates(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const unique = [...new Set(ids)];
  const found = await db.template.findMany({ where: { accountId, id: { in: unique } }, select: { id: true, name: true, fileKey: true } });
  if (found.length !== unique.length) throw templateNotFound();
  await db.$transaction(async (tx) => {
    await tx.template.deleteMany({ where: { accountId, id: { in: unique } } });
    for (const template of found)
      await recordAudit(tx, ctx, {
        eventType: "template.deleted",
        targetType: "template",
        targetId: template.id,
        payload: { name: template.name },
      });
  });
  for (const template of found) await storage().delete(template.fileKey);
  return unique;
}
