import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import type { ContractFile } from "@/lib/files/inspect-contract-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { enqueue, prepareJobs } from "@/lib/jobs/queue";
import { storage } from "@/lib/storage/storage";
import { REPLACED_TEMPLATE_FILE_GRACE_MS, replacedTemplateFileJob } from "./replaced-file-job";
import { refreshTemplateSearch } from "./template-search";
import { assertValidVariables, type Variable } from "./variables";
import { requireTemplate } from "./template-access";
import { templateInclude } from "./template-schemas";
import { initialVariables, inspectTemplateFile, newTemplateFileKey, templateFileColumns } from "./template-file";
import { clip } from "@/lib/text/clip";

/**
 * The fields of `file` as a new version of a template whose fields are `previous`: known ones keep
 * their settings, new ones start as text, removed ones go, and a formula whose inputs went away
 * falls back to a plain number field. Checked together (VALIDATION_FAILED).
 */
function nextVariables(file: ContractFile, previous: Variable[]): Variable[] {
  const variables = initialVariables(file, previous).map((v) => {
    if (v.type !== "formula") return v;
    try {
      assertValidVariables([...initialVariables(file, previous).filter((o) => o.name !== v.name), v]);
      return v;
    } catch {
      return { ...v, type: "number" as const, options: { ...v.options, formula: undefined } };
    }
  });
  assertValidVariables(variables);
  return variables;
}

/**
 * Replaces a template's file with a new version: its fields are found again, known ones keep
 * their settings, new ones start as text, and removed ones go; the replaced file is deleted from
 * storage some minutes later (replacedTemplateFileJob). Needs ManageTemplates. The
 * settings kept and the metadata are read again under the template row's lock, so a change of
 * the fields' settings (updateTemplate) saved at the same time is not undone.
 */
export async function updateTemplateVersion(ctx: ServiceContext, templateId: string, upload: UploadedFile) {
  const existing = await requireTemplate(ctx, templateId, "manage");
  const { accountId } = existing;
  const file = await inspectTemplateFile(upload);
  // Checked before the file is stored; checked again below with the fields as they are then.
  nextVariables(file, existing.variables as Variable[]);
  // A key of this write's own: two uploads at once each store their file apart, and the row
  // names the file of the upload whose fields it holds (tests/integration/documents/concurrent-versions.test.ts).
  const key = newTemplateFileKey(accountId, existing.id, file.ext);
  await storage().put(key, file.bytes);
  let saved;
  try {
    await prepareJobs();
    saved = await db.$transaction(async (tx) => {
      await lockRow(tx, "Template", existing.id);
      const current = await tx.template.findUniqueOrThrow({
        where: { id: existing.id },
        select: { variables: true, metadata: true, fileKey: true },
      });
      const variables = nextVariables(file, current.variables as Variable[]);
      const template = await tx.template.update({
        where: { id: existing.id },
        data: {
          version: { increment: 1 },
          ...templateFileColumns(file, upload.name, key),
          variables: variables as unknown as Prisma.InputJsonValue,
          metadata: { ...(current.metadata as object), text: clip(file.text, 100_000) },
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
      // The replaced file: no row names it any more (documents made from the template have files
      // of their own). It goes some minutes later, so a document being made from the old version
      // now still reads it (replacedTemplateFileJob); its deletion commits with the new version,
      // so a process that dies after the commit leaves no file stored forever (issue 37).
      if (current.fileKey !== key)
        await enqueue(
          replacedTemplateFileJob,
          { key: current.fileKey },
          { tx, startAfter: new Date(Date.now() + REPLACED_TEMPLATE_FILE_GRACE_MS) },
        );
      return { template };
    });
  } catch (error) {
    await storage().delete(key);
    throw error;
  }
  return saved.template;
}
