import { db } from "@/lib/db";
import type { Approval } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { readStored } from "@/lib/documents/stored-file";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { docxToHtml } from "@/lib/files/docx";
import { sanitizeHtml } from "@/lib/links/sanitize-html";
import { requireReviewerApproval } from "./approval-access";
import { publishApprovalEvents } from "./approval-events";
import { approvalMetadataOf, approvalProcessOf, presentApproval } from "./schemas";

/**
 * What the reviewer's screen (/review?signed=…) shows, for a valid token only (spec
 * fetchValidApproval): their approval and its settings, the document's name and status, the
 * workspace's name, the latest version's file details and, for a Word file, its sanitised HTML
 * rendition (a PDF is shown from approvalFile). The first opening is audited approval.viewed.
 */
export async function fetchValidApproval(ctx: ServiceContext) {
  const { approval } = await requireReviewerApproval(ctx);
  const [document, content] = await Promise.all([
    db.document.findFirstOrThrow({
      where: { id: approval.documentId, accountId: approval.accountId },
      select: { id: true, name: true, status: true, settings: true, account: { select: { name: true } } },
    }),
    db.documentContent.findFirst({
      where: { accountId: approval.accountId, documentId: approval.documentId },
      orderBy: { version: "desc" },
      select: { version: true, name: true, mimetype: true, size: true, path: true },
    }),
  ]);
  if (!content) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The document has no file." });
  let current: Approval = approval;
  if (!approvalMetadataOf(approval.metadata).viewedAt) {
    current = await db.$transaction(async (tx) => {
      const row = await tx.approval.update({
        where: { id: approval.id },
        data: { metadata: { ...approvalMetadataOf(approval.metadata), viewedAt: new Date().toISOString() } },
      });
      await recordAudit(tx, ctx, {
        eventType: "approval.viewed",
        targetType: "document",
        targetId: approval.documentId,
        payload: { approvalId: approval.id, email: approval.email },
      });
      return row;
    });
    publishApprovalEvents(approval.accountId, approval.documentId, [{ id: approval.id, state: "viewed" }]);
  }
  const isPdf = content.mimetype === "application/pdf";
  return {
    approval: presentApproval(current),
    document: { id: document.id, name: document.name, status: document.status, approvalProcess: approvalProcessOf(document.settings) },
    account: { name: document.account.name },
    file: { name: content.name, mimetype: content.mimetype, size: content.size, version: content.version },
    html: isPdf ? null : sanitizeHtml(await docxToHtml(await readStored(content.path))),
  };
}
