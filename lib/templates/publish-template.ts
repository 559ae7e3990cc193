import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireTemplate } from "./template-access";
import { templateInclude } from "./template-schemas";

/** Publishes or unpublishes a template (spec: one call). Only published templates make documents. */
export async function publishUnpublishTemplate(ctx: ServiceContext, templateId: string, published: boolean) {
  const existing = await requireTemplate(ctx, templateId, "manage", { select: { id: true } });
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
