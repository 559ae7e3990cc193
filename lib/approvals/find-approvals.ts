import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { requireDocumentRole } from "@/lib/documents/access";
import { cursorArgs, cursorPageOf, unknownCursor } from "@/lib/pagination";
import { documentEmails, presentEmail } from "@/lib/signatures/signer-deliveries";
import { approvalProcessOf, presentApproval } from "./schemas";

/**
 * A document's approvers in their order (spec approvals: documentId, size, cursorId), cursor-paged:
 * `cursorId` is the last id of the page before, `nextCursorId` null at the end. Needs reader.
 * Answers the document's process too, for the screen, and each approver's request email with its
 * delivery and open status (its id is kept in the approval's `notification`).
 */
export async function findApprovals(ctx: ServiceContext, input: { documentId: string; size?: number; cursorId?: string }) {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, input.documentId, "reader");
  const size = input.size ?? 50;
  const where = { accountId, documentId: document.id };
  const cursor = input.cursorId ? await db.approval.findFirst({ where: { ...where, id: input.cursorId }, select: { id: true } }) : null;
  if (input.cursorId && !cursor) throw unknownCursor();
  const rows = await db.approval.findMany({
    where,
    orderBy: [{ order: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    ...cursorArgs(cursor, size),
  });
  const emailIdOf = (row: (typeof rows)[number]) => ((row.notification ?? {}) as { emailId?: unknown }).emailId;
  const ids = rows.map(emailIdOf).filter((id): id is string => typeof id === "string");
  const emails = await documentEmails(accountId, document.id, ids);
  const present = (row: (typeof rows)[number]) => {
    const email = emails.get(String(emailIdOf(row)));
    return { ...presentApproval(row), emails: email ? [presentEmail("request", email)] : [] };
  };
  return { ...cursorPageOf(rows, size, present), approvalProcess: approvalProcessOf(document.settings) };
}
