import { createLinkComment, linkComments } from "@/lib/links/visitor-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/**
 * The shared document's comments for `Authorization: Bearer <link access token>` of this link
 * (commenter and reviewer links). Writes sent with the bearer token and no cookies need no CSRF
 * token (lib/http/csrf.ts); the page sends them that way.
 */
export const GET = restRoute(linkComments, { withParams: true, headers: { "cache-control": "no-store" } });

/** Adds a comment or a reply: { body, parentId?, kind?, authorName? } (the name unless the link is secure). */
export const POST = restRoute(createLinkComment, { status: 201, withParams: true });
