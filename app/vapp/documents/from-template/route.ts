import { createDocumentFromTemplate, createFromTemplateSchema } from "@/lib/documents/create-document";
import { parseInput, readJsonBody } from "@/lib/http/parse-input";
import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";
import { uploadMaxFiles } from "@/lib/files/upload-limits";

/**
 * Fills a published template: JSON `{ templateId, values, fields }`, or, when the template has
 * attachment, file or image fields, multipart with that JSON as `data` and each field's file as
 * a part named `field:<field name>`.
 */
export const POST = route({ operation: "createDocument" }, async ({ ctx, req }) => {
  if (req.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    const { files, data } = await readUpload(req, "createDocument", { maxFiles: uploadMaxFiles(), required: false, byField: true });
    const input = parseInput(createFromTemplateSchema, data, "createDocument");
    const uploads = files.map((file) => ({ name: file.name, bytes: file.bytes, field: file.field ?? "" }));
    return createDocumentFromTemplate(ctx, input, uploads);
  }
  return createDocumentFromTemplate(ctx, parseInput(createFromTemplateSchema, await readJsonBody(req), "createDocument"));
});
