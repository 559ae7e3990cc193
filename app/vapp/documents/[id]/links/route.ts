import { createDocumentLink, findDocumentLinks } from "@/lib/links/document-links";
import { createLinkSchema } from "@/lib/links/schemas";
import { route } from "@/lib/http/route";

/** The document's share links (editor). */
export const GET = route({ operation: "links" }, ({ ctx, params }) => findDocumentLinks(ctx, params.id));

/** Creates a share link (editor): { name, role?, expiredAt?, isSecure?, allowList?, denyList? }. */
export const POST = route({ operation: "createLink", input: createLinkSchema }, async ({ ctx, params, input }) =>
  Response.json(await createDocumentLink(ctx, params.id, input), { status: 201 }),
);
