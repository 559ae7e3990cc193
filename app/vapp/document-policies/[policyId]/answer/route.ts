import { answerAccessRequestOperation } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** An owner accepts or refuses an access request: { accept, role? } (role defaults to reader; GraphQL `answerAccessRequest`). */
export const POST = restRoute(answerAccessRequestOperation, { withParams: true });
