import { createFromTemplateOperation } from "@/lib/documents/template-document-operations";
import { restRoute } from "@/lib/operations/rest";

/**
 * Fills a published template: JSON `{ templateId, values, fields }`, or, when the template has
 * attachment, file or image fields, multipart with that JSON as `data` and each field's file as
 * a part named `field:<field name>`.
 */
export const POST = restRoute(createFromTemplateOperation);
