import { updateCommentSchema } from "@/lib/documents/relation-schemas";
import { bearerToken } from "@/lib/links/link-access";
import { deleteLinkComment, updateLinkComment } from "@/lib/links/link-comments";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Edits the text of a comment the visitor wrote through this link: { body }. */
export const PATCH = route({ operation: "updateLinkComment", input: updateCommentSchema }, ({ ctx, src, params, input }) =>
  updateLinkComment(ctx, params.linkId, bearerToken(src.header("authorization")), params.commentId, input),
);

/** Deletes a comment the visitor wrote through this link, with its replies. */
export const DELETE = route({ operation: "deleteLinkComment" }, async ({ ctx, src, params }) => ({
  id: await deleteLinkComment(ctx, params.linkId, bearerToken(src.header("authorization")), params.commentId),
}));
