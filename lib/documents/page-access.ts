/**
 * SECURITY-CRITICAL. Who may see a document's pages as images: a member with reader on it, or the
 * holder of a signer's or reviewer's link for THAT document (their record still answering to the
 * token; once their part is done they may still look). Answers the workspace and document to read.
 */
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertSignedRecord, signedClaims } from "@/lib/signing/signed-caller";
import { requireDocumentRole } from "./access";

const notFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Document not found." });

export async function documentForPages(ctx: ServiceContext, documentId: string): Promise<{ accountId: string; documentId: string }> {
  if (ctx.via !== "signed") {
    const { document } = await requireDocumentRole(ctx, documentId, "reader");
    return { accountId: document.accountId, documentId: document.id };
  }
  const purpose = ctx.signed?.typ === "approval" ? "approval" : "signature";
  const claims = signedClaims(ctx, purpose);
  if (claims.did !== documentId) throw notFound();
  const where = { id: claims.rid, accountId: claims.aid, documentId: claims.did };
  if (purpose === "signature") {
    const row = await db.signature.findFirst({ where });
    assertSignedRecord(row && { ...row, finished: !!(row.signedAt || row.declinedAt) }, claims, { allowFinished: true });
  } else {
    const row = await db.approval.findFirst({ where });
    assertSignedRecord(row && { ...row, finished: !!(row.approvedAt || row.rejectedAt) }, claims, { allowFinished: true });
  }
  return { accountId: claims.aid, documentId: claims.did };
}
