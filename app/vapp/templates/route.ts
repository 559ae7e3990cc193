import { z } from "zod";
import { parseInput } from "@/lib/http/parse-input";
import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";
import { createTemplate, deleteTemplates, templateFieldsSchema } from "@/lib/templates/templates";

/** Uploads a template: multipart with `file` (.docx, .pdf, .doc) and optional `data` (JSON details). */
export const POST = route({ operation: "createTemplate" }, async ({ ctx, req }) => {
  const { files, data } = await readUpload(req, "createTemplate");
  return createTemplate(ctx, parseInput(templateFieldsSchema, data, "createTemplate"), files[0]);
});

const idsSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }).strict();

/** Bulk delete: { ids }. */
export const DELETE = route({ operation: "bulkDeleteTemplates", input: idsSchema }, async ({ ctx, input }) => ({
  ids: await deleteTemplates(ctx, input.ids),
}));
