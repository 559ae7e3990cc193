import { resolveDocumentComment } from "@/lib/documents/comments";
import { resolveCommentSchema } from "@/lib/documents/relation-schemas";
import { route } from "@/lib/http/route";

/** Resolves a thread, or reopens it with { resolved: false } (its author or an editor). */
export const POST = route({ operation: "resolveComment", input: resolveCommentSchema }, ({ ctx, params, input }) =>
  resolveDocumentComment(ctx, params.commentId, input),
);
