import { listPersonalLinks, shareDocumentWithPerson } from "@/lib/documents/policy-operations";
import { restRoute } from "@/lib/operations/rest";

/** The people outside the workspace the document is shared with: its personal links (editor; GraphQL `personalLinks`). */
export const GET = restRoute(listPersonalLinks, { withParams: true });

/**
 * Shares the document with a person by address (editor): { email, role }. A member gets a policy,
 * anyone else a personal link when the workspace allows it (docs/permissions.md; GraphQL `shareDocumentWithPerson`).
 */
export const POST = restRoute(shareDocumentWithPerson, { withParams: true });
