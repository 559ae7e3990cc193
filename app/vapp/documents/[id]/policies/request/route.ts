import { registerAccessDocumentPolicy } from "@/lib/documents/policies";
import { route } from "@/lib/http/route";

/** Asks for access to a document of the caller's workspace they cannot see (spec registerAccessDocumentPolicy). */
export const POST = route({ operation: "registerAccessDocumentPolicy" }, ({ ctx, params }) => registerAccessDocumentPolicy(ctx, params.id));
