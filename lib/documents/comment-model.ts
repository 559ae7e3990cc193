/** A document comment's building blocks: limits, the row and its viewer, visibility, presentation, audit. */

import type { DocumentComment, DocumentRoleName, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { roleAtLeast } from "./access";
import type { CommentKind } from "./relation-types";
import { clip } from "@/lib/text/clip";

/** At most this many comments on one document. */
export const COMMENTS_PER_DOCUMENT_MAX = 2000;

export const authorSelect = { id: true, firstName: true, lastName: true, email: true } as const;

export const commentInclude = { author: { select: authorSelect }, link: { select: { name: true } } } as const;

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

export const commentNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Comment not found." });

export const forbidden = (message: string) => new AppError(AppErrorCode.FORBIDDEN, { message });

/** A short, single-line beginning of a comment for the audit trail (never the whole text). */
export function commentExcerpt(body: string, max = 80): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > max ? `${clip(line, max - 1)}…` : line;
}

/** The kinds a role sees: suggestions from reviewer up. */
export const visibleCommentKinds = (role: DocumentRoleName): CommentKind[] =>
  roleAtLeast(role, "reviewer") ? ["comment", "suggestion"] : ["comment"];

export const isVisibleTo = (role: DocumentRoleName, comment: DocumentComment) =>
  visibleCommentKinds(role).includes(comment.kind as CommentKind);

export const memberViewer = (ctx: ServiceContext, role: DocumentRoleName): CommentViewer => ({
  role,
  isAuthor: (c) => !!c.authorId && c.authorId === ctx.userId,
});

/** Applying a suggestion means the document was changed: that is an editor's call. */
export const canResolveThread = (viewer: CommentViewer, c: DocumentComment) =>
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

export const auditComment = (
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
