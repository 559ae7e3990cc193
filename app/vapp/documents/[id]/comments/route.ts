import { createComment, listComments } from "@/lib/documents/comment-operations";
import { restRoute } from "@/lib/operations/rest";

/** The document's comments and replies, oldest first (commenter; GraphQL `comments`). */
export const GET = restRoute(listComments, { withParams: true });

/** Adds a comment or a reply (commenter): { body, parentId?, kind? } (GraphQL `createComment`). */
export const POST = restRoute(createComment, { status: 201, withParams: true });
