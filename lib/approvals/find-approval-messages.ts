import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { cursorArgs, cursorPageOf, unknownCursor } from "@/lib/pagination";
import { requireMemberApproval, requireReviewerApproval } from "./approval-access";
import { presentApprovalMessage } from "./schemas";

/**
 * An approval's message thread (spec approval messages: approvalId, size, cursorId), newest first:
 * `cursorId` is the oldest id of the page before ("Load earlier"), `nextCursorId` null when there
 * is nothing earlier. A member needs reader on the document; a reviewer reads their own thread only.
 */
export async function findApprovalMessages(ctx: ServiceContext, input: { approvalId: string; size?: number; cursorId?: string }) {
  const approval =
    ctx.via === "signed"
      ? (await requireReviewerApproval(ctx, { approvalId: input.approvalId })).approval
      : (await requireMemberApproval(ctx, input.approvalId, "reader")).approval;
  const size = input.size ?? 20;
  const where = { accountId: approval.accountId, approvalId: approval.id };
  const cursor = input.cursorId
    ? await db.approvalMessage.findFirst({ where: { ...where, id: input.cursorId }, select: { id: true } })
    : null;
  if (input.cursorId && !cursor) throw unknownCursor();
  const rows = await db.approvalMessage.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...cursorArgs(cursor, size),
  });
  return cursorPageOf(rows, size, presentApprovalMessage);
}
