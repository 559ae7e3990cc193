import { restRoute } from "@/lib/operations/rest";
import { deleteTemplateOperation, getTemplateOperation, updateTemplateOperation } from "@/lib/templates/template-operations";

/** One template (GraphQL `template`). */
export const GET = restRoute(getTemplateOperation, { withParams: true });

/** Updates details and field definitions (GraphQL `updateTemplate`). */
export const PUT = restRoute(updateTemplateOperation, { withParams: true });

/** Deletes a template → { ids } (GraphQL `deleteTemplate`). */
export const DELETE = restRoute(deleteTemplateOperation, { withParams: true });
