/**
 * SECURITY-CRITICAL. Comments through a share link (spec section 6: a commenter "manages and
 * views comments", a reviewer also "views and adds suggestions"). A visitor has no user: every
 * call re-checks the link access token and the link (lib/links/link-access.ts), reaches only the
 * link's one document, and is audited via "link". What a visitor wrote stays theirs through the
 * link it came by: on a secure link their confirmed address, otherwise the visit (`vid` of the
 * tokens). A change here comes with a test that a reader link, an expired link, or another
 * link's visitor still gets nothing.
 */
import type { ServiceContext } from "@/lib/auth/context";
import { roleAtLeast } from "@/lib/documents/access";
import {
  changeCommentBody,
  createComment,
  findVisibleComment,
  listComments,
  removeComment,
  type CommentViewer,
  type PresentedComment,
} from "@/lib/documents/comments";
import type { createLinkCommentSchema, updateCommentSchema } from "@/lib/documents/relation-schemas";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { z } from "zod";
import { linkContext, requireLinkAccess } from "./link-access";

type Visit = Awaited<ReturnType<typeof requireLinkAccess>>;

/**
 * A comment as a visitor sees it: no ids of people, no addresses, no link names (those are the
 * workspace's); `isOwn` marks what this visitor wrote.
 */
export type LinkComment = Pick<
  PresentedComment,
  "id" | "parentId" | "kind" | "body" | "resolvedAt" | "createdAt" | "updatedAt" | "isEdited" | "canEdit" | "canDelete"
> & {
  authorName: string | null;
  isVisitor: boolean;
  isOwn: boolean;
};

const forbidden = (message: string) => new AppError(AppErrorCode.FORBIDDEN, { message });

/**
 * The visit behind a token, for the link the path names (a token of another link is
 * UNAUTHENTICATED), with at least the commenter role (FORBIDDEN for a reader link).
 */
async function requireCommentingVisit(linkId: string, token: string | null): Promise<Visit> {
  const visit = await requireLinkAccess(token);
  if (visit.link.id !== linkId) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Open the shared link again." });
  if (!roleAtLeast(visit.role, "commenter")) throw forbidden("This link does not allow comments.");
  return visit;
}

const linkDocument = (visit: Visit) => ({ accountId: visit.link.accountId, id: visit.link.documentId });

function visitorViewer(visit: Visit): CommentViewer {
  return {
    role: visit.role,
    isAuthor: (c) =>
      c.linkId === visit.link.id && (visit.email ? c.authorEmail === visit.email : !!visit.visitorId && c.visitorId === visit.visitorId),
  };
}

/**
 * A visitor who signed only with their confirmed address is shown to other visitors by the part
 * before the "@": addresses stay the workspace's business.
 */
function visitorName(visitor: NonNullable<PresentedComment["visitor"]>, isOwn: boolean): string {
  if (isOwn || !visitor.email || visitor.name !== visitor.email) return visitor.name;
  return visitor.email.slice(0, visitor.email.indexOf("@"));
}

function toLinkComment(c: PresentedComment): LinkComment {
  return {
    id: c.id,
    parentId: c.parentId,
    kind: c.kind,
    body: c.body,
    authorName: c.visitor ? visitorName(c.visitor, c.canEdit) : (c.author?.name ?? null),
    isVisitor: !!c.visitor,
    isOwn: c.canEdit,
    resolvedAt: c.resolvedAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    isEdited: c.isEdited,
    canEdit: c.canEdit,
    canDelete: c.canDelete,
  };
}

/** Who wrote it, for the audit payload (a visitor has no user id to record). */
const auditVisitor = (visit: Visit, name: string | null) => ({ email: visit.email, name });

/**
 * The comments of the link's document, oldest first, with suggestions for a reviewer link.
 * LINK_EXPIRED / UNAUTHENTICATED / SESSION_EXPIRED as every visitor call; FORBIDDEN for a reader link.
 */
export async function findLinkComments(_ctx: ServiceContext, linkId: string, token: string | null): Promise<LinkComment[]> {
  const visit = await requireCommentingVisit(linkId, token);
  return (await listComments(linkDocument(visit), visitorViewer(visit))).map(toLinkComment);
}

/**
 * Adds a comment or a reply (`parentId`) through a commenter or reviewer link; a suggestion
 * (`kind`) needs a reviewer link. The visitor signs with `authorName` (trimmed, 1 to 80),
 * required unless the link is secure (then the confirmed address signs it): VALIDATION_FAILED.
 */
export async function addLinkComment(
  ctx: ServiceContext,
  linkId: string,
  token: string | null,
  data: z.output<typeof createLinkCommentSchema>,
): Promise<LinkComment> {
  const { authorName = null, ...input } = data;
  const visit = await requireCommentingVisit(linkId, token);
  if (!visit.email && !authorName) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Give your name.",
      params: { fields: "authorName" },
      details: { fields: [{ path: "authorName", code: "required", message: "Give your name." }] },
    });
  }
  const author = { linkId: visit.link.id, authorName, authorEmail: visit.email, visitorId: visit.visitorId };
  const created = await createComment(
    linkContext(ctx, visit.link),
    linkDocument(visit),
    visitorViewer(visit),
    input,
    author,
    auditVisitor(visit, authorName),
  );
  return toLinkComment(created);
}

/** A comment of the link's document that this visitor wrote through this link; NOT_FOUND or FORBIDDEN otherwise. */
async function requireOwnComment(linkId: string, token: string | null, commentId: string) {
  const visit = await requireCommentingVisit(linkId, token);
  const viewer = visitorViewer(visit);
  const comment = await findVisibleComment(linkDocument(visit), visit.role, commentId);
  if (!viewer.isAuthor(comment)) throw forbidden("Only the author may change a comment.");
  return { visit, viewer, comment };
}

/** Changes the text of a comment this visitor wrote through this link (FORBIDDEN for anyone else's). */
export async function updateLinkComment(
  ctx: ServiceContext,
  linkId: string,
  token: string | null,
  commentId: string,
  input: z.output<typeof updateCommentSchema>,
): Promise<LinkComment> {
  const { visit, viewer, comment } = await requireOwnComment(linkId, token, commentId);
  return toLinkComment(
    await changeCommentBody(linkContext(ctx, visit.link), viewer, comment, input.body, auditVisitor(visit, comment.authorName)),
  );
}

/** Deletes a comment this visitor wrote through this link, with its replies (FORBIDDEN for anyone else's). */
export async function deleteLinkComment(ctx: ServiceContext, linkId: string, token: string | null, commentId: string): Promise<string> {
  const { visit, comment } = await requireOwnComment(linkId, token, commentId);
  return removeComment(linkContext(ctx, visit.link), comment, auditVisitor(visit, comment.authorName));
}
