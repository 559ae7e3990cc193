import type { ServiceContext } from "@/lib/auth/context";
import { storage } from "@/lib/storage/storage";
import { requireTemplate, templateNotFound } from "./template-access";
import { templateInclude } from "./template-schemas";

/** The template, when it is the caller's account's. Needs ViewTemplates. */
export async function getTemplate(ctx: ServiceContext, templateId: string) {
  return requireTemplate(ctx, templateId, "view", { include: templateInclude });
}

/** The current file of a template, streamed. */
export async function getTemplateFile(ctx: ServiceContext, templateId: string) {
  const template = await getTemplate(ctx, templateId);
  const stored = await storage().get(template.fileKey);
  if (!stored) throw templateNotFound();
  return { ...stored, mimetype: template.mimetype, fileName: template.fileName };
}
