import { restRoute } from "@/lib/operations/rest";
import { publishTemplateOperation } from "@/lib/templates/template-operations";

/** { published: true | false } (GraphQL `publishUnpublishTemplate`). */
export const POST = restRoute(publishTemplateOperation, { withParams: true });
