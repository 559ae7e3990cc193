import { db } from "@/lib/db";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { storage } from "@/lib/storage/storage";
import { templateNotFound, templateInclude } from "./template-schemas";

/** The template, when it is the caller's account's. Needs ViewTemplates. */
export async function getTemplate(ctx: ServiceContext, templateId: string) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, ["ViewTemplates", "ManageTemplates"]);
  const template = await db.template.findFirst({ where: { id: templateId, accountId }, include: templateInclude });
  if (!template) throw templateNotFound();
  return template;
}

/** The current file of a template, streamed. */
export async function getTemplateFile(ctx: ServiceContext, templateId: string) {
  const template = await getTemplate(ctx, templateId);
  const stored = await storage().get(template.fileKey);
  if (!stored) throw templateNotFound();
  return { ...stored, mimetype: template.mimetype, fileName: template.fileName };
}
