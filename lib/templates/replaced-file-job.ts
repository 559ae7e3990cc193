import { z } from "zod";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/job";
import { storage } from "@/lib/storage/storage";

/**
 * How long a template's replaced file stays stored after its new version is saved: a document
 * being made from the old version at that moment (its fields and its file were read apart) still
 * finds the file.
 */
export const REPLACED_TEMPLATE_FILE_GRACE_MS = 10 * 60 * 1000;

/**
 * Deletes a template's file replaced by a new version (updateTemplateVersion enqueues it, to run
 * REPLACED_TEMPLATE_FILE_GRACE_MS later), unless a template names it again. Documents made from
 * the template have files of their own.
 */
export const replacedTemplateFileJob = defineJob({
  name: "replacedTemplateFile",
  description: "Deletes a template's file some minutes after a new version replaced it.",
  input: z.object({ key: z.string().regex(/^accounts\/[^/]+\/templates\/[^/]+\/[^/]+$/) }),
  run: async (_ctx, { key }) => {
    if ((await db.template.count({ where: { fileKey: key } })) > 0) return { deleted: false };
    await storage().delete(key);
    return { deleted: true };
  },
});
