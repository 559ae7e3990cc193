import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";

/**
 * One version's file (the latest without `version`), streamed. Needs reader. A download is
 * audited (`document.downloaded`); the file shown in the page (`inline`, the document screen's
 * PDF viewer) is not a download and records nothing.
 */
export async function getDocumentFile(ctx: ServiceContext, documentId: string, version?: number, options: { inline?: boolean } = {}) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const content = await db.documentContent.findFirst({
    where: { documentId: document.id, ...(version ? { version } : {}) },
    orderBy: { version: "desc" },
  });
  const stored = content ? await storage().get(content.path) : null;
  if (!content || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
  if (!options.inline) {
    await recordAudit(db, ctx, {
      eventType: "document.downloaded",
      targetType: "document",
      targetId: document.id,
      payload: { version: content.version },
    });
  }
  return { ...stored, mimetype: content.mimetype, fileName: content.name, version: content.version };
}
