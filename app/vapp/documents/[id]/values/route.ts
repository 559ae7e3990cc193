import { updateDocumentValues, updateDocumentValuesSchema } from "@/lib/documents/update-document-values";
import { readFieldForm } from "@/lib/http/read-field-form";
import { route } from "@/lib/http/route";

/** New values for the document's template fields, as a new version: JSON `{ values }`, or multipart like from-template. */
export const PUT = route({ operation: "updateDocumentValues" }, async ({ ctx, params, req }) => {
  const { input, uploads } = await readFieldForm(req, "updateDocumentValues", updateDocumentValuesSchema);
  return updateDocumentValues(ctx, params.id, input, uploads);
});
