import { restRoute } from "@/lib/operations/rest";
import { updateTemplateVersionOperation } from "@/lib/templates/template-operations";

/** A new file for the template (multipart `file`); its fields are found again (GraphQL `updateTemplateVersion`). */
export const POST = restRoute(updateTemplateVersionOperation, { withParams: true });
