import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { storage } from "@/lib/storage/storage";
import { templateNotFound, templatesWhere } from "./template-access";

/**
 * Deletes templates of the account, all or none, and then their files. Documents made from them
 * stay, with files of their own.
 */
export async function deleteTemplates(ctx: ServiceContext, ids: string[]) {
  const where = templatesWhere(ctx, "manage");
  const unique = [...new Set(ids)];
  const found = await db.template.findMany({ where: { ...where, id: { in: unique } }, select: { id: true, name: true, fileKey: true } });
  if (found.length !== unique.length) throw templateNotFound();
  await db.$transaction(async (tx) => {
    await tx.template.deleteMany({ where: { ...where, id: { in: unique } } });
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
