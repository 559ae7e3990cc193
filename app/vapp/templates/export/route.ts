import { restRoute } from "@/lib/operations/rest";
import { exportTemplatesOperation } from "@/lib/templates/template-operations";

/** The /templates list with the same filters (state=…&q=…&author=…), as a CSV download. */
export const GET = restRoute(exportTemplatesOperation);
