import { restRoute } from "@/lib/operations/rest";
import { moveTemplateOperation } from "@/lib/templates/template-operations";

/** Moves the template: { destinationId } (a template folder, or null for the root) (GraphQL `updateTemplateDestinationFolder`). */
export const PUT = restRoute(moveTemplateOperation, { withParams: true });
