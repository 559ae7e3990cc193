import { restRoute } from "@/lib/operations/rest";
import {
  createTemplateOperation,
  deleteTemplatesOperation,
  listTemplatesOperation,
  templateListFromRest,
} from "@/lib/templates/template-operations";

/** A page of templates, filtered as the /templates address bar is (state=…&q=…&folder=…) (GraphQL `templates`). */
export const GET = restRoute(listTemplatesOperation, { map: templateListFromRest });

/** Uploads a template: multipart with `file` (.docx, .pdf, .doc) and optional `data` (JSON details) (GraphQL `createTemplate`). */
export const POST = restRoute(createTemplateOperation);

/** Deletes several templates, all or none: { ids } → { ids } (GraphQL `bulkDeleteTemplates`). */
export const DELETE = restRoute(deleteTemplatesOperation);
