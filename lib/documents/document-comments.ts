/** The signed-in member's comment services: list, add, edit and delete a document's comments. */

import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import type { z } from "zod";
import { requireDocumentRole } from "./access";
import { forbidden, memberViewer, type PresentedComment } from "./comment-model";
import { changeCommentBody, createComment, listComments, removeComment } from "./comments";
import type { createCommentSchema, updateCommentSchema } from "./relation-schemas";
import { requireComment } from "./require-comment";

/**
 * The comments of a document with their replies, oldest first (at most COMMENTS_PER_DOCUMENT_MAX),
 * each with what the caller may do to it; suggestions from reviewer up. Needs commenter: a
 * reader gets FORBIDDEN, someone who cannot see the document NOT_FOUND.
 */
export async function findDocumentComments(ctx: ServiceContext, documentId: string): Promise<PresentedComment[]> {
  const { document, role } = await requireDocumentRole(ctx, documentId, "commenter");
  return listComments(document, memberViewer(ctx, role));
}

/**
 * Adds a comment, or a reply with `parentId` (a comment of the same document; NOT_FOUND
 * otherwise). The body is trimmed, 1 to 5,000 characters. Needs commenter, and reviewer for
 * `kind: "suggestion"` (FORBIDDEN).
 */
export async function addDocumentComment(
  ctx: ServiceContext,
  documentId: string,
  input: z.output<typeof createCommentSchema>,
): Promise<PresentedComment> {
  // Signed in, in a workspace, before the document is read (ACCOUNT_REQUIRED first, as before).
  accountScope(ctx);
  const { document, role } = await requireDocumentRole(ctx, documentId, "commenter");
  return createComment(ctx, document, memberViewer(ctx, role), input, { authorId: ctx.userId });
}

/** Changes a comment's text. Only its author (FORBIDDEN for anyone else), still a commenter. */
export async function updateDocumentComment(
  ctx: ServiceContext,
  commentId: string,
  input: z.output<typeof updateCommentSchema>,
): Promise<PresentedComment> {
  const { comment, viewer } = await requireComment(ctx, commentId);
  if (!viewer.isAuthor(comment)) throw forbidden("Only the author may edit a comment.");
  return changeCommentBody(ctx, viewer, comment, input.body);
}

/** Deletes a comment and its replies. Its author or an owner of the document (FORBIDDEN otherwise). */
export async function deleteDocumentComment(ctx: ServiceContext, commentId: string): Promise<string> {
  const { comment, viewer } = await requireComment(ctx, commentId);
  if (!viewer.isAuthor(comment) && viewer.role !== "owner") throw forbidden("Only the author or an owner may delete a comment.");
  return removeComment(ctx, comment);
}
