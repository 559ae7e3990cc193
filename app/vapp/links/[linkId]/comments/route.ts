import { createLinkCommentSchema } from "@/lib/documents/relation-schemas";
import { bearerToken } from "@/lib/links/link-access";
import { addLinkComment, findLinkComments } from "@/lib/links/link-comments";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * The shared document's comments for `Authorization: Bearer <link access token>` of this link
 * (commenter and reviewer links). Writes sent with the bearer token and no cookies need no CSRF
 * token (lib/http/csrf.ts); the page sends them that way.
 */
export const GET = route({ operation: "linkComments" }, async ({ ctx, src, params }) =>
  Response.json(await findLinkComments(ctx, params.linkId, bearerToken(src.header("authorization"))), {
    headers: { "cache-control": "no-store" },
  }),
);

/** Adds a comment or a reply: { body, parentId?, kind?, authorName? } (the name unless the link is secure). */
export const POST = route({ operation: "createLinkComment", input: createLinkCommentSchema }, async ({ ctx, src, params, input }) =>
  Response.json(await addLinkComment(ctx, params.linkId, bearerToken(src.header("authorization")), input), { status: 201 }),
);
