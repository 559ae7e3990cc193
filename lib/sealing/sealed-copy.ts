import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertSignedRecord, signedClaims } from "@/lib/signing/signed-caller";
import { storage } from "@/lib/storage/storage";
import { signerMayDownload } from "./seal-inputs";

/**
 * The sealed copy for a signer, by their signature link's token (issue 16): the token must still
 * answer to their Signature (same document, workspace, address and request; a finished record is
 * allowed, since signing is what came before), and their settings must allow downloading
 * (FORBIDDEN otherwise). Before the document is sealed (other signers still to sign), a signer who
 * has signed gets the document as they signed it: its version of that moment, as a PDF when it
 * has one (issue 39). NOT_FOUND for a signer who has not signed, until the seal. Audited as a
 * download on the signature, listed in the document's activity.
 */
export async function getSealedCopyForSigner(ctx: ServiceContext) {
  const claims = signedClaims(ctx, "signature");
  const row = await db.signature.findFirst({
    where: { id: claims.rid, accountId: claims.aid },
    select: {
      id: true,
      accountId: true,
      documentId: true,
      email: true,
      requestedAt: true,
      signedAt: true,
      declinedAt: true,
      settings: true,
    },
  });
  const signature = assertSignedRecord(row && { ...row, finished: !!(row.signedAt || row.declinedAt) }, claims, { allowFinished: true });
  if (!signerMayDownload(signature))
    throw new AppError(AppErrorCode.FORBIDDEN, { message: "The sender did not allow downloading this document." });
  const scope = { accountId: signature.accountId, documentId: signature.documentId };
  const seal = await db.seal.findFirst({ where: scope, orderBy: { sealedAt: "desc" }, select: { contentId: true } });
  const content = seal
    ? await db.documentContent.findFirst({ where: { id: seal.contentId, ...scope } })
    : signature.signedAt
      ? await db.documentContent.findFirst({ where: { ...scope, createdAt: { lte: signature.signedAt } }, orderBy: { version: "desc" } })
      : null;
  // The version's PDF (itself, or its rendition when one was made); else the file as it is.
  const pdfPath =
    content && (content.mimetype === "application/pdf" ? content.path : (content.metadata as { pdfPath?: string } | null)?.pdfPath);
  const stored = content ? await storage().get(pdfPath ?? content.path) : null;
  if (!content || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The sealed copy is not ready yet." });
  await recordAudit(db, ctx, {
    accountId: signature.accountId,
    userId: null,
    eventType: seal ? "signature.sealedCopyDownloaded" : "signature.signedCopyDownloaded",
    targetType: "signature",
    targetId: signature.id,
    targetContext: signature.documentId,
    payload: { version: content.version },
  });
  const fileName = pdfPath ? `${content.name.replace(/\.[^.]+$/, "")}.pdf` : content.name;
  return { ...stored, mimetype: pdfPath ? "application/pdf" : content.mimetype, fileName, version: content.version };
}
