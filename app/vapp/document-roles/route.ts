import { listDocumentRoles } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** The five document roles, with labels in the request's language and what each allows (GraphQL `documentRoles`). */
export const GET = restRoute(listDocumentRoles);
