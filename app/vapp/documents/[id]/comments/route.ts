import { addDocumentComment, findDocumentComments } from "@/lib/documents/comments";
import { createCommentSchema } from "@/lib/documents/relation-schemas";
import { route } from "@/lib/http/route";

/** The document's comments and replies, oldest first (commenter). */
export const GET = route({ operation: "comments" }, ({ ctx, params }) => findDocumentComments(ctx, params.id));

/** Adds a comment or a reply (commenter): { body, parentId? }. */
export const POST = route({ operation: "createComment", input: createCommentSchema }, async ({ ctx, params, input }) =>
  Response.json(await addDocumentComment(ctx, params.id, input), { status: 201 }),
);
