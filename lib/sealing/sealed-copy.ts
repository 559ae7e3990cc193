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
 * (FORBIDDEN otherwise). NOT_FOUND until the document is sealed. Audited as a download on the
 * signature, listed in the document's activity.
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
  const seal = await db.seal.findFirst({
    where: { accountId: signature.accountId, documentId: signature.documentId },
    orderBy: { sealedAt: "desc" },
    select: { contentId: true },
  });
  const content = seal
    ? await db.documentContent.findFirst({
        where: { id: seal.contentId, accountId: signature.accountId, documentId: signature.documentId },
      })
    : null;
  const stored = content ? await storage().get(content.path) : null;
  if (!content || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The sealed copy is not ready yet." });
  await recordAudit(db, ctx, {
    accountId: signature.accountId,
    userId: null,
    eventType: "signature.sealedCopyDownloaded",
    targetType: "signature",
    targetId: signature.id,
    targetContext: signature.documentId,
    payload: { version: content.version },
  });
  return { ...stored, mimetype: "application/pdf", fileName: content.name, version: content.version };
}
