import { deleteComment, updateComment } from "@/lib/documents/comment-operations";
import { restRoute } from "@/lib/operations/rest";

/** Edits a comment's text (its author; GraphQL `updateComment`). */
export const PUT = restRoute(updateComment, { withParams: true });

/** Deletes a comment and its replies (its author or an owner of the document; GraphQL `deleteComment`). */
export const DELETE = restRoute(deleteComment, { withParams: true });
