import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { sofficePath } from "@/lib/files/libreoffice";

/** A document version as far as signing cares: its file's type and its metadata (a kept PDF rendition). */
export type SignableVersion = { mimetype: string; metadata: unknown };

/**
 * Whether a version can become the PDF that is signed and sealed on this server: a PDF is one, a
 * Word version with its PDF rendition already stored (metadata.pdfPath) has one, any other Word
 * version needs LibreOffice to make it. Null when it can; "converterMissing" when it cannot.
 */
export function signableFileProblem(version: SignableVersion): "converterMissing" | null {
  if (version.mimetype === "application/pdf") return null;
  if ((version.metadata as { pdfPath?: unknown } | null)?.pdfPath) return null;
  return sofficePath() ? null : "converterMissing";
}

/**
 * Refuses to send a document for signature that could never be sealed here (issue 39): a Word
 * document (.docx, or a .doc saved as one) on a server without LibreOffice, unless its latest
 * version already has a PDF rendition. Signers would sign boxes nobody could place, and the seal
 * would wait forever. CONVERTER_UNAVAILABLE with reason `wordSigning` (its text, in the sender's
 * language, under errors.because.CONVERTER_UNAVAILABLE.wordSigning): upload a PDF or install
 * LibreOffice. Read in the sender's transaction, before anything is sent.
 */
export async function assertSignableFile(tx: Pick<Prisma.TransactionClient, "documentContent">, accountId: string, documentId: string) {
  const latest = await tx.documentContent.findFirst({
    where: { accountId, documentId },
    orderBy: { version: "desc" },
    select: { mimetype: true, metadata: true },
  });
  if (!latest || !signableFileProblem(latest)) return;
  throw new AppError(AppErrorCode.CONVERTER_UNAVAILABLE, {
    message:
      "Word documents are signed as PDF, and this server has no converter (LibreOffice) to make one. Upload the document as a PDF, or ask your administrator to install LibreOffice.",
    details: { reason: "wordSigning" },
  });
}
