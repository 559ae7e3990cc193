import { restRoute } from "@/lib/operations/rest";
import { cloneTemplateOperation } from "@/lib/templates/template-operations";

/** Copies the template as an unpublished "<name> (copy)" (GraphQL `cloneTemplate`). */
export const POST = restRoute(cloneTemplateOperation, { withParams: true });
