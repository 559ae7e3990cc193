import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { storage } from "@/lib/storage/storage";
import { refreshTemplateSearch } from "./template-search";
import { assertValidVariables, type Variable } from "./variables";
import { templateNotFound, templateInclude } from "./template-schemas";
import { initialVariables, inspectTemplateFile, newTemplateFileKey, templateFileColumns } from "./template-file";

/**
 * Replaces a template's file with a new version: its fields are found again, known ones keep
 * their settings, new ones start as text, and removed ones go. Needs ManageTemplates.
 */
export async function updateTemplateVersion(ctx: ServiceContext, templateId: string, upload: UploadedFile) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const existing = await db.template.findFirst({ where: { id: templateId, accountId } });
  if (!existing) throw templateNotFound();
  const file = await inspectTemplateFile(upload);
  const variables = initialVariables(file, existing.variables as Variable[]).map((v) => {
    // A formula whose inputs went away falls back to a plain number field.
    if (v.type !== "formula") return v;
    try {
      assertValidVariables([...initialVariables(file, existing.variables as Variable[]).filter((o) => o.name !== v.name), v]);
      return v;
    } catch {
      return { ...v, type: "number" as const, options: { ...v.options, formula: undefined } };
    }
  });
  assertValidVariables(variables);
  // A key of this write's own: two uploads at once each store their file apart, and the row
  // names the file of the upload whose fields it holds (tests/integration/documents/concurrent-versions.test.ts).
  const key = newTemplateFileKey(accountId, existing.id, file.ext);
  await storage().put(key, file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      const template = await tx.template.update({
        where: { id: existing.id },
        data: {
          version: { increment: 1 },
          ...templateFileColumns(file, upload.name, key),
          variables: variables as unknown as Prisma.InputJsonValue,
          metadata: { ...(existing.metadata as object), text: file.text.slice(0, 100_000) },
        },
        include: templateInclude,
      });
      await refreshTemplateSearch(tx, template.id);
      await recordAudit(tx, ctx, {
        eventType: "template.versionUpdated",
        targetType: "template",
        targetId: template.id,
        payload: { version: template.version, fields: variables.length },
      });
      return template;
    });
  } catch (error) {
    await storage().delete(key);
    throw error;
  }
}
