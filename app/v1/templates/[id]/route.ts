import { publicTemplateOperation } from "@/lib/api/public-template-operations";
import { restRoute } from "@/lib/operations/rest";

/** GET /v1/templates/{id}?expandable=author,folder,file: one template of the key's account, else 404. */
export const GET = restRoute(publicTemplateOperation, { withParams: true });
