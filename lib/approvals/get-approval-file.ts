import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import { requireReviewerApproval } from "./approval-access";
import { approvalSettingsOf } from "./schemas";

/**
 * The document's latest file for its reviewer. Shown in the page (`inline`) it is how a PDF is
 * read at all, so it is always open to a valid token; saved as a download it needs the approval's
 * allowDownload (FORBIDDEN otherwise). Downloads are audited document.downloaded.
 */
export async function getApprovalFile(ctx: ServiceContext, options: { inline?: boolean } = {}) {
  const { approval } = await requireReviewerApproval(ctx);
  if (!options.inline && !approvalSettingsOf(approval.settings).allowDownload) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: "This approval does not allow downloading." });
  }
  const content = await db.documentContent.findFirst({
    where: { accountId: approval.accountId, documentId: approval.documentId },
    orderBy: { version: "desc" },
  });
  const stored = content ? await storage().get(content.path) : null;
  if (!content || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The document has no file." });
  if (!options.inline) {
    await recordAudit(db, ctx, {
      eventType: "document.downloaded",
      targetType: "document",
      targetId: approval.documentId,
      payload: { version: content.version, email: approval.email, approvalId: approval.id },
    });
  }
  return { ...stored, mimetype: content.mimetype, fileName: content.name, version: content.version };
}
