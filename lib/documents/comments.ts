import type { z } from "zod";
import { db } from "@/lib/db";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { roleAtLeast } from "./access";
import {
  auditComment,
  commentInclude,
  commentNotFound,
  COMMENTS_PER_DOCUMENT_MAX,
  forbidden,
  isVisibleTo,
  presentComment,
  visibleCommentKinds,
  type CommentRow,
  type CommentViewer,
  type PresentedComment,
} from "./comment-model";
import type { createCommentSchema } from "./relation-schemas";
import type { CommentKind } from "./relation-types";

export { COMMENTS_PER_DOCUMENT_MAX, commentExcerpt, presentComment, visibleCommentKinds } from "./comment-model";
export type { CommentRow, CommentViewer, PresentedComment } from "./comment-model";

/**
 * Comments on a document and their replies. The spec gives comments to the commenter role
 * ("manages and views comments"), so a reader neither sees nor writes them; suggestions (kind
 * "suggestion") to the reviewer role. Replies are one level deep: a reply to a reply joins the
 * thread of its top comment, and takes its kind. Only the author edits a comment; the author or
 * an editor resolves a thread (an editor alone marks a suggestion applied); the author or an
 * owner deletes. Share-link visitors write through lib/links/link-comments.ts, with the same
 * rows, rules and presenter. This file holds the services both share (comment-model.ts their
 * building blocks); the member's own are in document-comments.ts and resolve-document-comment.ts.
 */

/** The document's comments the viewer may see, oldest first (at most COMMENTS_PER_DOCUMENT_MAX). No access check: callers do it. */
export async function listComments(document: { accountId: string; id: string }, viewer: CommentViewer): Promise<PresentedComment[]> {
  const rows = await db.documentComment.findMany({
    where: { accountId: document.accountId, documentId: document.id, kind: { in: visibleCommentKinds(viewer.role) } },
    include: commentInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: COMMENTS_PER_DOCUMENT_MAX,
  });
  return rows.map((c) => presentComment(viewer, c));
}

/** Who wrote a new comment: a member, or a share-link visitor. */
export type CommentAuthor =
  { authorId: string | null } | { linkId: string; authorName: string | null; authorEmail: string | null; visitorId: string | null };

/**
 * Writes a comment or reply and its audit row, after the caller checked access to the document:
 * a parent must be a comment of the same document the viewer sees (NOT_FOUND otherwise), a
 * suggestion needs reviewer (FORBIDDEN), LIMIT_EXCEEDED past COMMENTS_PER_DOCUMENT_MAX.
 */
export async function createComment(
  ctx: ServiceContext,
  document: { accountId: string; id: string },
  viewer: CommentViewer,
  input: z.output<typeof createCommentSchema>,
  author: CommentAuthor,
  auditExtra: Record<string, unknown> = {},
): Promise<PresentedComment> {
  const { accountId } = document;
  let parentId: string | null = null;
  let kind: CommentKind = input.kind;
  if (input.parentId) {
    const parent = await db.documentComment.findFirst({
      where: { id: input.parentId, accountId, documentId: document.id, kind: { in: visibleCommentKinds(viewer.role) } },
      select: { id: true, parentId: true, kind: true },
    });
    if (!parent) throw commentNotFound();
    parentId = parent.parentId ?? parent.id;
    kind = parent.kind as CommentKind;
  } else if (kind === "suggestion" && !roleAtLeast(viewer.role, "reviewer")) {
    throw forbidden("Suggestions need the reviewer role.");
  }
  const created = await db.$transaction(async (tx) => {
    const count = await tx.documentComment.count({ where: { accountId, documentId: document.id } });
    if (count >= COMMENTS_PER_DOCUMENT_MAX) {
      throw new AppError(AppErrorCode.LIMIT_EXCEEDED, {
        message: `A document may have at most ${COMMENTS_PER_DOCUMENT_MAX} comments.`,
        params: { max: COMMENTS_PER_DOCUMENT_MAX },
      });
    }
    const comment = await tx.documentComment.create({
      data: { accountId, documentId: document.id, ...author, kind, body: input.body, parentId },
      include: commentInclude,
    });
    await auditComment(tx, ctx, "document.commentAdded", comment, auditExtra);
    return comment;
  });
  return presentComment(viewer, created);
}

/** Finds a comment of a document by id, only if the viewer's role sees its kind; NOT_FOUND otherwise. */
export async function findVisibleComment(
  document: { accountId: string; id: string },
  role: DocumentRoleName,
  commentId: string,
): Promise<CommentRow> {
  const comment =
    commentId.length <= 64
      ? await db.documentComment.findFirst({
          where: { id: commentId, accountId: document.accountId, documentId: document.id },
          include: commentInclude,
        })
      : null;
  if (!comment || !isVisibleTo(role, comment)) throw commentNotFound();
  return comment;
}

/** Changes a comment's text, audited; the caller checked it is the author's. */
export async function changeCommentBody(
  ctx: ServiceContext,
  viewer: CommentViewer,
  comment: CommentRow,
  body: string,
  auditExtra: Record<string, unknown> = {},
): Promise<PresentedComment> {
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.documentComment.update({ where: { id: comment.id }, data: { body }, include: commentInclude });
    await auditComment(tx, ctx, "document.commentUpdated", row, auditExtra);
    return row;
  });
  return presentComment(viewer, updated);
}

/** Deletes a comment and its replies, audited; the caller checked the right to. */
export async function removeComment(ctx: ServiceContext, comment: CommentRow, auditExtra: Record<string, unknown> = {}): Promise<string> {
  await db.$transaction(async (tx) => {
    const replies = await tx.documentComment.count({ where: { parentId: comment.id } });
    await tx.documentComment.delete({ where: { id: comment.id } });
    await auditComment(tx, ctx, "document.commentDeleted", comment, { replies, ...auditExtra });
  });
  return comment.id;
}
