import { db } from "@/lib/db";
import type { Prisma, Signature } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { sendSignatureRequestEmails, signingEmailOf } from "./signature-emails";
import { publishSigningChange } from "./signing-events";
import { signerTurns } from "./signing-turn";
import { presentSignature, signerName, signingSettingsOf } from "./signature-view";
import { assertSignableFile } from "./signable-file";

type Tx = Prisma.TransactionClient;

/**
 * Refuses while the document waits for approvals (Document.settings.signAfterApproval, on by
 * default): every Approval of the document must be approved (approvedAt set).
 */
async function assertApprovalsDone(tx: Tx, accountId: string, documentId: string, settings: unknown) {
  if (!signingSettingsOf(settings).signAfterApproval) return;
  const pending = await tx.approval.count({ where: { accountId, documentId, approvedAt: null } });
  if (pending > 0)
    throw new AppError(AppErrorCode.APPROVALS_PENDING, {
      message: "This document must be approved by every reviewer before it is sent for signature.",
      params: { count: pending },
    });
}

/**
 * Marks `signers` requested now (a new requestedAt ends any older link of theirs), moves the
 * document to toSign (signing once someone has signed) and audits each `signature.requested`.
 * Inside the caller's transaction, which holds the document's row. Answers the updated rows.
 */
export async function markRequested(tx: Tx, ctx: ServiceContext, documentId: string, signers: Signature[]) {
  const now = new Date();
  const updated: Signature[] = [];
  for (const signer of signers) {
    const row = await tx.signature.update({ where: { id: signer.id }, data: { requestedAt: now } });
    await recordAudit(tx, ctx, {
      eventType: "signature.requested",
      targetType: "signature",
      targetId: signer.id,
      targetContext: documentId,
      payload: { email: signer.email, order: signer.order },
    });
    updated.push(row);
  }
  return updated;
}

/** Locks the document's row for the transaction and reads what the signing rules need. */
export async function lockSigningDocument(tx: Tx, accountId: string, documentId: string) {
  await tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${documentId} AND "accountId" = ${accountId} FOR UPDATE`;
  const document = await tx.document.findFirstOrThrow({
    where: { id: documentId, accountId },
    select: { id: true, accountId: true, name: true, status: true, settings: true, authorId: true },
  });
  const signers = await tx.signature.findMany({ where: { accountId, documentId }, orderBy: [{ order: "asc" }, { createdAt: "asc" }] });
  return { document, signers };
}

const cannotRequest = (message: string, reason: string) => new AppError(AppErrorCode.CONFLICT, { message, details: { reason } });

/**
 * Signing a document ends when every signer has signed (`signed`) and stays ended once it is
 * sealed, whatever its status becomes (active, completed…): it takes no new signer or request.
 */
export async function assertSigningOpen(
  client: Pick<Prisma.TransactionClient, "seal">,
  document: { id: string; accountId: string; status: string },
) {
  const ended =
    document.status === "signed" || (await client.seal.count({ where: { accountId: document.accountId, documentId: document.id } })) > 0;
  if (ended) throw cannotRequest("This document is already signed and sealed: it takes no new signers.", "documentSigned");
}

/**
 * Sends the document for signature (editor): in an ordered process the signers of the lowest
 * open order, in a parallel one every open signer. Refused while approvals are pending, without
 * signers, or once the document is signed. The signers' emails are written in the same
 * transaction as their request, with their delivery jobs (issue 37).
 */
/** How the owner sends: signatures on the certificate only, and their own subject and message for the signers' emails. */
export type SendOptions = { signaturesOnCertificate?: boolean; subject?: string; message?: string };

export async function requestSignatures(ctx: ServiceContext, documentId: string, options: SendOptions = {}) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  return sendRequests(ctx, document.accountId, document.id, null, options);
}

/**
 * The sender's own subject and message for the signers' request emails, kept with the document
 * (Document.settings.signingEmail) so the next signers' requests in an ordered process carry them
 * too; an empty one goes back to the usual text. Answers the document's settings as they now are.
 */
async function keepSigningEmail(tx: Tx, documentId: string, options: SendOptions): Promise<Prisma.JsonValue | undefined> {
  if (options.subject === undefined && options.message === undefined) return undefined;
  const row = await tx.document.findUniqueOrThrow({ where: { id: documentId }, select: { settings: true } });
  const current = (row.settings && typeof row.settings === "object" ? row.settings : {}) as Record<string, unknown>;
  const kept = signingEmailOf(current);
  const signingEmail = {
    ...kept,
    ...(options.subject !== undefined ? { subject: options.subject.trim() } : {}),
    ...(options.message !== undefined ? { message: options.message.trim() } : {}),
  };
  const settings = { ...current, signingEmail } as Prisma.InputJsonValue;
  await tx.document.update({ where: { id: documentId }, data: { settings } });
  return settings as Prisma.JsonValue;
}

/**
 * Every signer still to sign has a signature box on the document, or the owner chose to have the
 * signatures on the certificate of completion only (Document.settings.signaturesOnCertificate,
 * set by this send when `onCertificate`, audited): otherwise signatures would appear on no page.
 * Refused with the signers without a box, so the screen can ask for placement or that choice.
 */
async function assertSignaturesPlaced(
  tx: Tx,
  ctx: ServiceContext,
  document: { id: string; accountId: string; settings: Prisma.JsonValue },
  signers: Signature[],
  onCertificate: boolean,
) {
  const settings = (document.settings && typeof document.settings === "object" ? document.settings : {}) as Record<string, unknown>;
  if (settings.signaturesOnCertificate === true) return;
  if (onCertificate) {
    await tx.document.update({
      where: { id: document.id },
      data: { settings: { ...settings, signaturesOnCertificate: true } as Prisma.InputJsonValue },
    });
    await recordAudit(tx, ctx, {
      eventType: "document.signaturesOnCertificate",
      targetType: "document",
      targetId: document.id,
      payload: { signaturesOnCertificate: true },
    });
    return;
  }
  const open = signers.filter((s) => !s.signedAt && !s.declinedAt);
  const boxed = await tx.signaturePlaceholder.findMany({
    where: { accountId: document.accountId, documentId: document.id, keyName: "signature", signatureId: { in: open.map((s) => s.id) } },
    select: { signatureId: true },
    distinct: ["signatureId"],
  });
  const placed = new Set(boxed.map((box) => box.signatureId));
  const without = open.filter((s) => !placed.has(s.id));
  if (without.length === 0) return;
  throw new AppError(AppErrorCode.CONFLICT, {
    message: "Some signers have no signature field: place one for each, or send with the signatures on the certificate page only.",
    details: { reason: "noSignatureFields", signers: without.map((s) => ({ id: s.id, name: signerName(s) })) },
  });
}

/** Sends (again) one signer's request (editor); refused when it is not their turn. */
export async function requestSignature(ctx: ServiceContext, signatureId: string) {
  const signer = ctx.accountId ? await db.signature.findFirst({ where: { id: signatureId, accountId: ctx.accountId } }) : null;
  if (!signer) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Signer not found." });
  await requireDocumentRole(ctx, signer.documentId, "editor");
  const [row] = await sendRequests(ctx, signer.accountId, signer.documentId, signer.id);
  return row;
}

async function sendRequests(ctx: ServiceContext, accountId: string, documentId: string, onlyId: string | null, options: SendOptions = {}) {
  await prepareEmailDelivery();
  const { document, requested } = await db.$transaction(async (tx) => {
    const { document, signers } = await lockSigningDocument(tx, accountId, documentId);
    await assertSigningOpen(tx, document);
    await assertApprovalsDone(tx, accountId, documentId, document.settings);
    if (signers.length === 0) throw cannotRequest("Add a signer before sending the document for signature.", "noSigners");
    // A file this server cannot seal first: placing boxes would not help.
    await assertSignableFile(tx, accountId, documentId);
    await assertSignaturesPlaced(tx, ctx, document, signers, options.signaturesOnCertificate === true);
    const inTurn = signerTurns.whoseTurn(signers, signingSettingsOf(document.settings).signProcess);
    const chosen = onlyId ? inTurn.filter((s) => s.id === onlyId) : inTurn;
    if (onlyId && chosen.length === 0) {
      const signer = signers.find((s) => s.id === onlyId)!;
      if (signer.signedAt || signer.declinedAt) throw cannotRequest("This signer has already signed or declined.", "signerFinished");
      throw cannotRequest("It is not this signer's turn yet: the signers before them sign first.", "notInTurn");
    }
    if (chosen.length === 0) throw cannotRequest("Every signer has already signed or declined.", "noSigners");
    const requested = await markRequested(tx, ctx, documentId, chosen);
    const anySigned = signers.some((s) => s.signedAt);
    const status = anySigned ? "signing" : "toSign";
    await changeDocumentStatus(tx, ctx, { document, to: status, cause: "signature" });
    const settings = await keepSigningEmail(tx, document.id, options);
    await sendSignatureRequestEmails(tx, ctx, settings === undefined ? document : { ...document, settings }, requested);
    return { document, requested };
  }, WITH_FOLLOW_UPS);
  publishRequested(document, requested);
  return requested.map(presentSignature);
}

/** After the commit: the live events of the signers just requested (their emails were written with the request). */
export function publishRequested(document: { id: string; accountId: string }, requested: Signature[]) {
  for (const signer of requested) publishSigningChange(document.accountId, document.id, signer.id, "requested");
}
