import { restRoute } from "@/lib/operations/rest";
import { templateFileOperation } from "@/lib/templates/template-operations";

/** Downloads the template's current file. */
export const GET = restRoute(templateFileOperation, { withParams: true });
