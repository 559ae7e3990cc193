import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { templateNotFound } from "./template-schemas";

/** Deletes templates of the account, all or none. Documents made from them stay. */
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
  return unique;
}
