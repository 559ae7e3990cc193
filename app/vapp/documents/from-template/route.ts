import { createDocumentFromTemplate, createFromTemplateSchema } from "@/lib/documents/create-document";
import { readFieldForm } from "@/lib/http/read-field-form";
import { route } from "@/lib/http/route";

/**
 * Fills a published template: JSON `{ templateId, values, fields }`, or, when the template has
 * attachment, file or image fields, multipart with that JSON as `data` and each field's file as
 * a part named `field:<field name>`.
 */
export const POST = route({ operation: "createDocument" }, async ({ ctx, req }) => {
  const { input, uploads } = await readFieldForm(req, "createDocument", createFromTemplateSchema);
  return createDocumentFromTemplate(ctx, input, uploads);
});
