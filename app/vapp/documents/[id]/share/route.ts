import { findPersonalLinks, shareWithPerson, shareWithPersonSchema } from "@/lib/documents/share-with-person";
import { route } from "@/lib/http/route";

/** The people outside the workspace the document is shared with: its personal links (editor). */
export const GET = route({ operation: "personalLinks" }, ({ ctx, params }) => findPersonalLinks(ctx, params.id));

/**
 * Shares the document with a person by address (editor): { email, role }. A member gets a policy,
 * anyone else a personal link when the workspace allows it (docs/permissions.md).
 */
export const POST = route({ operation: "shareWithPerson", input: shareWithPersonSchema }, ({ ctx, params, input }) =>
  shareWithPerson(ctx, params.id, input),
);
