import { db } from "@/lib/db";
import { lockDocumentRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { documentPageCount } from "@/lib/documents/page-images";
import { storedDocxToHtml } from "@/lib/documents/stored-file";
import { AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { signingLinkError } from "@/lib/signing/signed-caller";
import { publishSigningChange } from "./signing-events";
import { signerTurns } from "./signing-turn";
import { presentPlaceholder, signerName, signingSettingsOf } from "./signature-view";
import { signerSettingsOf } from "./schemas";
import { signerOfToken } from "./signer-access";

/**
 * What the signer's screen shows (/sign?signed=…): the document's name, its pages (count, as
 * images) or, for a Word file without a PDF, its HTML, and this signer's boxes and settings.
 * Refused (SIGNING_LINK_INVALID) for a bad, replaced, finished link, and `notYourTurn` while
 * signers before them in an ordered process have not signed. The first view is audited
 * `signature.viewed`; its `viewedAt` is merged into the metadata read again with the document's
 * row locked (as signing holds it), so a signature made in another tab meanwhile keeps its typed
 * name and certificate evidence, and two first views at once audit it once.
 */
export async function fetchValidSignature(ctx: ServiceContext) {
  const { signer } = await signerOfToken(ctx);
  const document = await db.document.findFirstOrThrow({
    where: { id: signer.documentId, accountId: signer.accountId },
    select: { id: true, name: true, status: true, settings: true, account: { select: { name: true } } },
  });
  const signers = await db.signature.findMany({ where: { accountId: signer.accountId, documentId: signer.documentId } });
  if (!signerTurns.mayAct(signers, signer.id, signingSettingsOf(document.settings).signProcess)) throw signingLinkError("notYourTurn");
  const placeholders = await db.signaturePlaceholder.findMany({
    where: { accountId: signer.accountId, documentId: signer.documentId, signatureId: signer.id },
    orderBy: { order: "asc" },
  });
  let pageCount: number | null = null;
  let html: string | null = null;
  try {
    pageCount = await documentPageCount(signer.accountId, signer.documentId);
  } catch (error) {
    if (!isAppError(error) || error.code !== AppErrorCode.CONVERTER_UNAVAILABLE) throw error;
    const content = await db.documentContent.findFirstOrThrow({
      where: { accountId: signer.accountId, documentId: signer.documentId },
      orderBy: { version: "desc" },
    });
    html = await storedDocxToHtml(content.path);
  }
  if (!((signer.metadata ?? {}) as { viewedAt?: string }).viewedAt) {
    const isFirstView = await db.$transaction(async (tx) => {
      await lockDocumentRow(tx, signer.documentId);
      const current = await tx.signature.findUniqueOrThrow({ where: { id: signer.id }, select: { metadata: true } });
      const metadata = (current.metadata ?? {}) as { viewedAt?: string };
      if (metadata.viewedAt) return false;
      await tx.signature.update({
        where: { id: signer.id },
        data: { metadata: { ...metadata, viewedAt: new Date().toISOString() } as Prisma.InputJsonValue },
      });
      await recordAudit(tx, ctx, {
        eventType: "signature.viewed",
        targetType: "signature",
        targetId: signer.id,
        targetContext: signer.documentId,
        payload: { email: signer.email },
      });
      return true;
    });
    if (isFirstView) publishSigningChange(signer.accountId, signer.documentId, signer.id, "viewed");
  }
  return {
    signature: {
      id: signer.id,
      name: signerName(signer),
      firstName: signer.firstName,
      lastName: signer.lastName,
      email: signer.email,
      message: signer.message,
      settings: signerSettingsOf(signer.settings),
    },
    document: { id: document.id, name: document.name, status: document.status, pageCount, html },
    account: { name: document.account.name },
    placeholders: placeholders.map(presentPlaceholder),
  };
}
