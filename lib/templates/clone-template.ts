import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { getTranslator } from "@/lib/i18n/messages";
import { storage } from "@/lib/storage/storage";
import { refreshTemplateSearch } from "./template-search";
import { requireTemplate, templateNotFound } from "./template-access";
import { templateInclude } from "./template-schemas";
import { templateStorageKey } from "./template-file";
import { clip } from "@/lib/text/clip";

/** Copies a template, file included, as an unpublished "<name> (copy)" in the caller's language. */
export async function cloneTemplate(ctx: ServiceContext, templateId: string) {
  const source = await requireTemplate(ctx, templateId, "manage", { include: { tags: { select: { id: true } } } });
  const { accountId } = source;
  const stored = await storage().get(source.fileKey);
  if (!stored) throw templateNotFound();
  const bytes = new Uint8Array(await new Response(stored.stream).arrayBuffer());
  const newId = crypto.randomUUID().replace(/-/g, "").slice(0, 25);
  const key = templateStorageKey(accountId, newId, 1, source.format);
  await storage().put(key, bytes);
  return db.$transaction(async (tx) => {
    const { tags, ...rest } = source;
    const template = await tx.template.create({
      data: {
        ...rest,
        createdAt: undefined,
        updatedAt: undefined,
        id: newId,
        authorId: ctx.userId,
        name: clip(getTranslator(ctx.locale)("templates.copyName", { name: source.name }), 200),
        published: false,
        version: 1,
        fileKey: key,
        variables: source.variables as Prisma.InputJsonValue,
        settings: source.settings as Prisma.InputJsonValue,
        metadata: source.metadata as Prisma.InputJsonValue,
        tags: { connect: tags },
      },
      include: templateInclude,
    });
    await refreshTemplateSearch(tx, template.id);
    await recordAudit(tx, ctx, {
      eventType: "template.cloned",
      targetType: "template",
      targetId: template.id,
      payload: { from: source.id },
    });
    return template;
  });
}
