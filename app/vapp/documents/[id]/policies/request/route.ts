import { registerAccessPolicy } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** Asks for access to a document of the caller's workspace they cannot see (GraphQL `registerAccessDocumentPolicy`). */
export const POST = restRoute(registerAccessPolicy, { withParams: true });
