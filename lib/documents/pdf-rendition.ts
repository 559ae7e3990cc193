import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { convertWithLibreOffice, sofficePath } from "@/lib/files/libreoffice";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";
import { mergeVersionMetadata } from "./merge-version-metadata";
import { readStored } from "./stored-file";

/** Whether this server can make PDF renditions of Word versions (LibreOffice is installed). */
export const pdfRenditionsAvailable = () => sofficePath() !== null;

const unavailable = () =>
  new AppError(AppErrorCode.CONVERTER_UNAVAILABLE, {
    message: "PDF copies of Word files need LibreOffice, which is not installed on this server. Download the Word file instead.",
  });

/**
 * A version as PDF: a PDF version as it is; a Word version converted by LibreOffice the first
 * time it is asked for, then kept beside it in storage (its key in the version's metadata).
 * CONVERTER_UNAVAILABLE without LibreOffice. Needs reader; a download is audited, the PDF shown
 * in the page (`inline`) is not a download and records nothing.
 */
export async function getDocumentPdf(ctx: ServiceContext, documentId: string, version?: number, options: { inline?: boolean } = {}) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const content = await db.documentContent.findFirst({
    where: { documentId: document.id, ...(version ? { version } : {}) },
    orderBy: { version: "desc" },
  });
  if (!content) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
  const pdfName = `${content.name.replace(/\.[^.]+$/, "")}.pdf`;
  let key = content.mimetype === "application/pdf" ? content.path : ((content.metadata as { pdfPath?: string }).pdfPath ?? null);
  if (!key) {
    if (!pdfRenditionsAvailable()) throw unavailable();
    const pdf = await convertWithLibreOffice(await readStored(content.path), "docx", "pdf").catch(() => {
      throw new AppError(AppErrorCode.FILE_CORRUPT, {
        message: "The file could not be turned into a PDF.",
        params: { kind: "Word (.docx)" },
      });
    });
    if (!pdf) throw unavailable();
    key = `${content.path}.rendition.pdf`;
    await storage().put(key, pdf);
    await mergeVersionMetadata(content.id, { pdfPath: key });
  }
  const stored = await storage().get(key);
  if (!stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The file is missing." });
  if (!options.inline) {
    await recordAudit(db, ctx, {
      eventType: "document.downloaded",
      targetType: "document",
      targetId: document.id,
      payload: { version: content.version, format: "pdf" },
    });
  }
  return { ...stored, mimetype: "application/pdf", fileName: pdfName, version: content.version };
}
