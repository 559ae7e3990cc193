/** Resolves or reopens a comment thread (marks a suggestion applied), for the signed-in member. */

import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { z } from "zod";
import { auditComment, canResolveThread, commentInclude, forbidden, presentComment, type PresentedComment } from "./comment-model";
import type { resolveCommentSchema } from "./relation-schemas";
import { requireComment } from "./require-comment";

/**
 * Resolves a thread (or reopens it with `resolved: false`); for a suggestion, marks it applied.
 * Only top comments, by their author or an editor of the document, and only an editor for a
 * suggestion (FORBIDDEN otherwise); a reply is VALIDATION_FAILED.
 */
export async function resolveDocumentComment(
  ctx: ServiceContext,
  commentId: string,
  { resolved }: z.output<typeof resolveCommentSchema> = { resolved: true },
): Promise<PresentedComment> {
  const { comment, viewer } = await requireComment(ctx, commentId);
  if (!canResolveThread(viewer, comment)) {
    throw forbidden(
      comment.kind === "suggestion"
        ? "Only an editor may mark a suggestion applied."
        : "Only the author or an editor may resolve a comment.",
    );
  }
  if (comment.parentId) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Resolve the thread's first comment, not a reply.",
      params: { fields: "id" },
    });
  }
  if (!!comment.resolvedAt === resolved) return presentComment(viewer, comment);
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.documentComment.update({
      where: { id: comment.id },
      data: { resolvedAt: resolved ? new Date() : null, updatedAt: comment.updatedAt },
      include: commentInclude,
    });
    await auditComment(tx, ctx, resolved ? "document.commentResolved" : "document.commentReopened", row);
    return row;
  });
  return presentComment(viewer, updated);
}
