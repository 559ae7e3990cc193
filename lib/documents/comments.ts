import { db } from "@/lib/db";
import type { DocumentComment, DocumentRoleName, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { requireDocumentRole, roleAtLeast } from "./access";
import { createCommentSchema, resolveCommentSchema, updateCommentSchema, type CreateCommentInput, type UpdateCommentInput } from "./relation-schemas";

/**
 * Comments on a document and their replies. The spec gives comments to the commenter role
 * ("manages and views comments"), so a reader neither sees nor writes them. Replies are one
 * level deep: a reply to a reply joins the thread of its top comment. Only the author edits a
 * comment; the author or an editor resolves a thread; the author or an owner deletes.
 */

/** At most this many comments on one document. */
export const COMMENTS_PER_DOCUMENT_MAX = 2000;

const authorSelect = { id: true, firstName: true, lastName: true, email: true } as const;
type CommentRow = DocumentComment & { author: { id: string; firstName: string; lastName: string; email: string } | null };

export type PresentedComment = {
  id: string;
  documentId: string;
  parentId: string | null;
  body: string;
  author: { id: string; name: string } | null;
  resolvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  isEdited: boolean;
  canEdit: boolean;
  canResolve: boolean;
  canDelete: boolean;
};

const commentNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Comment not found." });
const forbidden = (message: string) => new AppError(AppErrorCode.FORBIDDEN, { message });

/** A short, single-line beginning of a comment for the audit trail (never the whole text). */
export function commentExcerpt(body: string, max = 80): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function presentComment(ctx: ServiceContext, role: DocumentRoleName, c: CommentRow): PresentedComment {
  const isAuthor = !!c.authorId && c.authorId === ctx.userId;
  return {
    id: c.id,
    documentId: c.documentId,
    parentId: c.parentId,
    body: c.body,
    author: c.author ? { id: c.author.id, name: `${c.author.firstName} ${c.author.lastName}`.trim() || c.author.email } : null,
    resolvedAt: c.resolvedAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    // Only an edit of the text moves updatedAt (resolving keeps it).
    isEdited: c.updatedAt.getTime() - c.createdAt.getTime() > 1000,
    canEdit: isAuthor,
    canResolve: !c.parentId && (isAuthor || roleAtLeast(role, "editor")),
    canDelete: isAuthor || role === "owner",
  };
}

const auditComment = (tx: Prisma.TransactionClient, ctx: ServiceContext, eventType: string, comment: DocumentComment, extra: Record<string, unknown> = {}) =>
  recordAudit(tx, ctx, {
    eventType,
    targetType: "documentComment",
    targetId: comment.id,
    targetContext: comment.documentId,
    payload: { documentId: comment.documentId, parentId: comment.parentId, excerpt: commentExcerpt(comment.body), ...extra },
  });

/**
 * The comments of a document with their replies, oldest first (at most COMMENTS_PER_DOCUMENT_MAX),
 * each with what the caller may do to it. Needs commenter: a reader gets FORBIDDEN, someone who
 * cannot see the document NOT_FOUND.
 */
export async function findDocumentComments(ctx: ServiceContext, documentId: string): Promise<PresentedComment[]> {
  const { accountId } = accountScope(ctx);
  const { document, role } = await requireDocumentRole(ctx, documentId, "commenter");
  const rows = await db.documentComment.findMany({
    where: { accountId, documentId: document.id },
    include: { author: { select: authorSelect } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: COMMENTS_PER_DOCUMENT_MAX,
  });
  return rows.map((c) => presentComment(ctx, role, c));
}

/**
 * Adds a comment, or a reply with `parentId` (a comment of the same document; NOT_FOUND
 * otherwise). The body is trimmed, 1 to 5,000 characters. Needs commenter.
 */
export async function addDocumentComment(ctx: ServiceContext, documentId: string, raw: CreateCommentInput): Promise<PresentedComment> {
  const { accountId } = accountScope(ctx);
  const input = parseInput(createCommentSchema, raw, "createComment");
  const { document, role } = await requireDocumentRole(ctx, documentId, "commenter");
  let parentId: string | null = null;
  if (input.parentId) {
    const parent = await db.documentComment.findFirst({ where: { id: input.parentId, accountId, documentId: document.id }, select: { id: true, parentId: true } });
    if (!parent) throw commentNotFound();
    parentId = parent.parentId ?? parent.id;
  }
  const created = await db.$transaction(async (tx) => {
    const count = await tx.documentComment.count({ where: { accountId, documentId: document.id } });
    if (count >= COMMENTS_PER_DOCUMENT_MAX) {
      throw new AppError(AppErrorCode.LIMIT_EXCEEDED, { message: `A document may have at most ${COMMENTS_PER_DOCUMENT_MAX} comments.`, params: { max: COMMENTS_PER_DOCUMENT_MAX } });
    }
    const comment = await tx.documentComment.create({
      data: { accountId, documentId: document.id, authorId: ctx.userId, body: input.body, parentId },
      include: { author: { select: authorSelect } },
    });
    await auditComment(tx, ctx, "document.commentAdded", comment);
    return comment;
  });
  return presentComment(ctx, role, created);
}

/** A comment of the caller's account, with commenter on its document; otherwise NOT_FOUND (or FORBIDDEN for a reader). */
async function requireComment(ctx: ServiceContext, commentId: string) {
  const { accountId } = accountScope(ctx);
  const comment = commentId.length <= 64 ? await db.documentComment.findFirst({ where: { id: commentId, accountId }, include: { author: { select: authorSelect } } }) : null;
  if (!comment) throw commentNotFound();
  try {
    const { role } = await requireDocumentRole(ctx, comment.documentId, "commenter");
    return { comment, role };
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) throw commentNotFound();
    throw error;
  }
}

/** Changes a comment's text. Only its author (FORBIDDEN for anyone else), still a commenter. */
export async function updateDocumentComment(ctx: ServiceContext, commentId: string, raw: UpdateCommentInput): Promise<PresentedComment> {
  const input = parseInput(updateCommentSchema, raw, "updateComment");
  const { comment, role } = await requireComment(ctx, commentId);
  if (!comment.authorId || comment.authorId !== ctx.userId) throw forbidden("Only the author may edit a comment.");
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.documentComment.update({ where: { id: comment.id }, data: { body: input.body }, include: { author: { select: authorSelect } } });
    await auditComment(tx, ctx, "document.commentUpdated", row);
    return row;
  });
  return presentComment(ctx, role, updated);
}

/**
 * Resolves a thread (or reopens it with `resolved: false`). Only top comments, by their author or
 * an editor of the document (FORBIDDEN otherwise); a reply is VALIDATION_FAILED.
 */
export async function resolveDocumentComment(ctx: ServiceContext, commentId: string, raw: { resolved?: boolean } = {}): Promise<PresentedComment> {
  const { resolved } = parseInput(resolveCommentSchema, raw, "resolveComment");
  const { comment, role } = await requireComment(ctx, commentId);
  const isAuthor = !!comment.authorId && comment.authorId === ctx.userId;
  if (!isAuthor && !roleAtLeast(role, "editor")) throw forbidden("Only the author or an editor may resolve a comment.");
  if (comment.parentId) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Resolve the thread's first comment, not a reply.", params: { fields: "id" } });
  }
  if (!!comment.resolvedAt === resolved) return presentComment(ctx, role, comment);
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.documentComment.update({ where: { id: comment.id }, data: { resolvedAt: resolved ? new Date() : null, updatedAt: comment.updatedAt }, include: { author: { select: authorSelect } } });
    await auditComment(tx, ctx, resolved ? "document.commentResolved" : "document.commentReopened", row);
    return row;
  });
  return presentComment(ctx, role, updated);
}

/** Deletes a comment and its replies. Its author or an owner of the document (FORBIDDEN otherwise). */
export async function deleteDocumentComment(ctx: ServiceContext, commentId: string): Promise<string> {
  const { comment, role } = await requireComment(ctx, commentId);
  const isAuthor = !!comment.authorId && comment.authorId === ctx.userId;
  if (!isAuthor && role !== "owner") throw forbidden("Only the author or an owner may delete a comment.");
  await db.$transaction(async (tx) => {
    const replies = await tx.documentComment.count({ where: { parentId: comment.id } });
    await tx.documentComment.delete({ where: { id: comment.id } });
    await auditComment(tx, ctx, "document.commentDeleted", comment, { replies });
  });
  return comment.id;
}
