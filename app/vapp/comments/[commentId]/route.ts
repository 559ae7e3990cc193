import { deleteDocumentComment, updateDocumentComment } from "@/lib/documents/comments";
import { updateCommentSchema } from "@/lib/documents/relation-schemas";
import { route } from "@/lib/http/route";

/** Edits a comment's text (its author). */
export const PUT = route({ operation: "updateComment", input: updateCommentSchema }, ({ ctx, params, input }) =>
  updateDocumentComment(ctx, params.commentId, input),
);

/** Deletes a comment and its replies (its author or an owner of the document). */
export const DELETE = route({ operation: "deleteComment" }, async ({ ctx, params }) => ({
  id: await deleteDocumentComment(ctx, params.commentId),
}));
