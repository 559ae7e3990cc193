import { createLink, listLinks, upsertLink } from "@/lib/links/link-operations";
import { restRoute } from "@/lib/operations/rest";

/** The document's share links (editor; GraphQL `links`). */
export const GET = restRoute(listLinks, { withParams: true });

/** Creates a share link (editor): { name, role?, expiredAt?, isSecure?, allowList?, denyList? } (GraphQL `createLink`). */
export const POST = restRoute(createLink, { status: 201, withParams: true });

/** Creates a share link, or with `linkId` updates one of the document's links (editor) (GraphQL `upsertLink`). */
export const PUT = restRoute(upsertLink, { withParams: true });
