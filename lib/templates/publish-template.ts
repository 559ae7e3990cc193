import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { templateNotFound, templateInclude } from "./template-schemas";

/** Publishes or unpublishes a template (spec: one call). Only published templates make documents. */
export async function publishUnpublishTemplate(ctx: ServiceContext, templateId: string, published: boolean) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const existing = await db.template.findFirst({ where: { id: templateId, accountId }, select: { id: true } });
  if (!existing) throw templateNotFound();
  return db.$transaction(async (tx) => {
    const template = await tx.template.update({ where: { id: existing.id }, data: { published }, include: templateInclude });
    await recordAudit(tx, ctx, {
      eventType: published ? "template.published" : "template.unpublished",
      targetType: "template",
      targetId: template.id,
    });
    return template;
  });
}
