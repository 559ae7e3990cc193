/** A comment the signed-in member may act on, with their viewer; NOT_FOUND (or FORBIDDEN for a reader) otherwise. */

import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { requireDocumentRole } from "./access";
import { commentNotFound, memberViewer } from "./comment-model";
import { findVisibleComment } from "./comments";

/** A comment of the caller's account, with commenter on its document (reviewer for a suggestion); otherwise NOT_FOUND (or FORBIDDEN for a reader). */
export async function requireComment(ctx: ServiceContext, commentId: string) {
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
