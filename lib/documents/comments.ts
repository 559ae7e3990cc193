import type { z } from "zod";
import { db } from "@/lib/db";
import type { DocumentComment, DocumentRoleName, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { requireDocumentRole, roleAtLeast } from "./access";
import {
  createCommentSchema,
  resolveCommentSchema,
  updateCommentSchema,
  type CreateCommentInput,
  type UpdateCommentInput,
} from "./relation-schemas";
import type { CommentKind } from "./relation-types";

/**
 * Comments on a document and their replies. The spec gives comments to the commenter role
 * ("manages and views comments"), so a reader neither sees nor writes them; suggestions (kind
 * "suggestion") to the reviewer role. Replies are one level deep: a reply to a reply joins the
 * thread of its top comment, and takes its kind. Only the author edits a comment; the author or
 * an editor resolves a thread (an editor alone marks a suggestion applied); the author or an
 * owner deletes. Share-link visitors write through lib/links/link-comments.ts, with the same
 * rows, rules and presenter.
 */

/** At most this many comments on one document. */
export const COMMENTS_PER_DOCUMENT_MAX = 2000;

const authorSelect = { id: true, firstName: true, lastName: true, email: true } as const;
const commentInclude = { author: { select: authorSelect }, link: { select: { name: true } } } as const;
export type CommentRow = DocumentComment & {
  author: { id: string; firstName: string; lastName: string; email: string } | null;
  link: { name: string } | null;
};

/** Who looks at a comment: their role on its document, and whether they wrote it. */
export type CommentViewer = { role: DocumentRoleName; isAuthor: (comment: DocumentComment) => boolean };

export type PresentedComment = {
  id: string;
  documentId: string;
  parentId: string | null;
  kind: CommentKind;
  body: string;
  /** The member who wrote it; null for a visitor's comment or a former member's. */
  author: { id: string; name: string } | null;
  /** A share-link visitor's comment: their name, confirmed address, and the link's name (null once removed). */
  visitor: { name: string; email: string | null; linkName: string | null } | null;
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

/** The kinds a role sees: suggestions from reviewer up. */
export const visibleCommentKinds = (role: DocumentRoleName): CommentKind[] =>
  roleAtLeast(role, "reviewer") ? ["comment", "suggestion"] : ["comment"];

const isVisibleTo = (role: DocumentRoleName, comment: DocumentComment) => visibleCommentKinds(role).includes(comment.kind as CommentKind);

const memberViewer = (ctx: ServiceContext, role: DocumentRoleName): CommentViewer => ({
  role,
  isAuthor: (c) => !!c.authorId && c.authorId === ctx.userId,
});

/** Applying a suggestion means the document was changed: that is an editor's call. */
const canResolveThread = (viewer: CommentViewer, c: DocumentComment) =>
  roleAtLeast(viewer.role, "editor") || (viewer.isAuthor(c) && c.kind === "comment");

/** A comment as screens and APIs show it, with what the viewer may do to it. */
export function presentComment(viewer: CommentViewer, c: CommentRow): PresentedComment {
  const isAuthor = viewer.isAuthor(c);
  const kind = c.kind as CommentKind;
  const isVisitor = !c.authorId && !!(c.authorName || c.authorEmail);
  return {
    id: c.id,
    documentId: c.documentId,
    parentId: c.parentId,
    kind,
    body: c.body,
    author: c.author ? { id: c.author.id, name: `${c.author.firstName} ${c.author.lastName}`.trim() || c.author.email } : null,
    visitor: isVisitor ? { name: c.authorName || c.authorEmail || "", email: c.authorEmail, linkName: c.link?.name ?? null } : null,
    resolvedAt: c.resolvedAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    // Only an edit of the text moves updatedAt (resolving keeps it).
    isEdited: c.updatedAt.getTime() - c.createdAt.getTime() > 1000,
    canEdit: isAuthor,
    canResolve: !c.parentId && canResolveThread(viewer, c),
    canDelete: isAuthor || viewer.role === "owner",
  };
}

const auditComment = (
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  eventType: string,
  comment: DocumentComment,
  extra: Record<string, unknown> = {},
) =>
  recordAudit(tx, ctx, {
    eventType,
    targetType: "documentComment",
    targetId: comment.id,
    targetContext: comment.documentId,
    payload: {
      documentId: comment.documentId,
      parentId: comment.parentId,
      kind: comment.kind,
      excerpt: commentExcerpt(comment.body),
      ...extra,
    },
  });

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
export async function addDocumentComment(ctx: ServiceContext, documentId: string, raw: CreateCommentInput): Promise<PresentedComment> {
  // Signed in, in a workspace, before the input is judged (ACCOUNT_REQUIRED first, as before).
  accountScope(ctx);
  const input = parseInput(createCommentSchema, raw, "createComment");
  const { document, role } = await requireDocumentRole(ctx, documentId, "commenter");
  return createComment(ctx, document, memberViewer(ctx, role), input, { authorId: ctx.userId });
}

/** A comment of the caller's account, with commenter on its document (reviewer for a suggestion); otherwise NOT_FOUND (or FORBIDDEN for a reader). */
async function requireComment(ctx: ServiceContext, commentId: string) {
  const { accountId } = accountScope(ctx);
  const found =
    commentId.length <= 64
      ? await db.documentComment.findFirst({ where: { id: commentId, accountId }, select: { documentId: true } })
      : null;
  if (!found) throw commentNotFound();
  try {
    const { document, role } = await requireDocumentRole(ctx, found.documentId, "commenter");
    return { comment: await findVisibleComment(document, role, commentId), viewer: memberViewer(ctx, role) };
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) throw commentNotFound();
    throw error;
  }
}

/** Changes a comment's text. Only its author (FORBIDDEN for anyone else), still a commenter. */
export async function updateDocumentComment(ctx: ServiceContext, commentId: string, raw: UpdateCommentInput): Promise<PresentedComment> {
  const input = parseInput(updateCommentSchema, raw, "updateComment");
  const { comment, viewer } = await requireComment(ctx, commentId);
  if (!viewer.isAuthor(comment)) throw forbidden("Only the author may edit a comment.");
  return changeCommentBody(ctx, viewer, comment, input.body);
}

/**
 * Resolves a thread (or reopens it with `resolved: false`); for a suggestion, marks it applied.
 * Only top comments, by their author or an editor of the document, and only an editor for a
 * suggestion (FORBIDDEN otherwise); a reply is VALIDATION_FAILED.
 */
export async function resolveDocumentComment(
  ctx: ServiceContext,
  commentId: string,
  raw: { resolved?: boolean } = {},
): Promise<PresentedComment> {
  const { resolved } = parseInput(resolveCommentSchema, raw, "resolveComment");
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

/** Deletes a comment and its replies. Its author or an owner of the document (FORBIDDEN otherwise). */
export async function deleteDocumentComment(ctx: ServiceContext, commentId: string): Promise<string> {
  const { comment, viewer } = await requireComment(ctx, commentId);
  if (!viewer.isAuthor(comment) && viewer.role !== "owner") throw forbidden("Only the author or an owner may delete a comment.");
  return removeComment(ctx, comment);
}
