import { publicTemplatesOperation } from "@/lib/api/public-template-operations";
import { restRoute } from "@/lib/operations/rest";

/** GET /v1/templates: a page of the key's account's templates (the key is checked before the query). */
export const GET = restRoute(publicTemplatesOperation);
