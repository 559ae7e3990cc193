import { updateDocumentValuesOperation } from "@/lib/documents/template-document-operations";
import { restRoute } from "@/lib/operations/rest";

/** New values for the document's template fields, as a new version: JSON `{ values }`, or multipart like from-template. */
export const PUT = restRoute(updateDocumentValuesOperation, { withParams: true });
