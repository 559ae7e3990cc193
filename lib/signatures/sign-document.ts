import { createHash, randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { attachmentKey, newAttachmentId } from "@/lib/documents/attachment-keys";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";
import { readStored } from "@/lib/documents/stored-file";
import { latestVersion } from "@/lib/documents/page-images";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { enqueue, prepareJobs } from "@/lib/jobs/queue";
import { sealDocumentJob } from "@/lib/sealing/seal-document-job";
import { signingLinkError } from "@/lib/signing/signed-caller";
import { storage } from "@/lib/storage/storage";
import { lockSigningDocument, markRequested, publishRequested } from "./request-signatures";
import { signerSettingsOf } from "./schemas";
import { sendSignatureCompletedEmails, sendSignatureRequestEmails } from "./signature-emails";
import {
  CERTIFICATE_FILE,
  checkFieldInput,
  checkSignatureImage,
  INITIALS_FILE,
  SIGNATURE_FILE,
  type CheckedImage,
} from "./signature-input";
import { presentPlaceholder, signingSettingsOf } from "./signature-view";
import { takeCertificateAttempt } from "./certificate-attempts";
import { signWithP12, type SignerCertificate } from "./signer-certificate";
import { signerOfToken } from "./signer-access";
import { publishSigningChange } from "./signing-events";
import { signerTurns } from "./signing-turn";

export type SignInput = {
  id?: string;
  kind: "drawn" | "typed" | "uploaded";
  typedName?: string;
  idNumber?: string;
  timeline?: { x: number; y: number; t: number; s?: 1 }[];
  /** Values of the text, date and number fields the signer fills, by field name. */
  data?: Record<string, string>;
  password?: string;
  files: (UploadedFile & { field?: string | null })[];
};

const invalidInput = (message: string, field: string) =>
  new AppError(AppErrorCode.VALIDATION_FAILED, { message, params: { fields: field } });

/**
 * The signer signs (signDocument): their image (drawn with its timeline, typed, or uploaded),
 * id number, initials when every page is to be initialled, the fields they fill, and with
 * allowCertificate optionally their own .p12, which signs a detached CMS over the document's
 * file hash and this signature's id. Everything is checked before anything is stored. Wrong
 * .p12 passwords are counted per signature: past CERTIFICATE_PASSWORD_ATTEMPTS in 15 minutes the
 * certificate is refused with TOO_MANY_ATTEMPTS for 15 minutes (lib/signatures/certificate-attempts.ts).
 *
 * In one transaction holding the document's row (so two signers at once are serialised and
 * exactly one of them is the last): the signer must be in turn (`notYourTurn`), and the update
 * only applies to a signature still open (a replay answers `completed`). The first signature
 * moves the document to signing; in an ordered process the next order is requested (their emails
 * written in the same transaction); the last moves it to signed, and its sealing job and the
 * owners' emails are written in that transaction too, once.
 */
export async function signDocument(ctx: ServiceContext, input: SignInput) {
  const { signer, claims } = await signerOfToken(ctx);
  if (input.id && input.id !== signer.id) throw signingLinkError("invalid");
  const settings = signerSettingsOf(signer.settings);
  const files = new Map(input.files.map((file) => [file.field ?? SIGNATURE_FILE, file]));
  const placeholders = await db.signaturePlaceholder.findMany({
    where: { accountId: signer.accountId, documentId: signer.documentId, signatureId: signer.id },
  });
  const boxes = placeholders.map(presentPlaceholder);

  // The signature itself: an image, or for a typed one at least the name.
  const signatureFile = files.get(SIGNATURE_FILE);
  const typedName = input.typedName?.trim() ?? "";
  if (input.kind === "drawn" && !settings.allowBiometric) throw invalidInput("Drawing a signature is not allowed for this signer.", "kind");
  if (input.kind !== "typed" && !signatureFile) throw invalidInput("Draw or upload your signature.", SIGNATURE_FILE);
  if (input.kind === "typed" && !typedName && !signatureFile) throw invalidInput("Type your name to sign.", "typedName");
  const image = signatureFile ? checkSignatureImage(signatureFile, SIGNATURE_FILE) : null;
  const initialsFile = files.get(INITIALS_FILE);
  const needsInitials = settings.rubricAllPages || boxes.some((box) => box.kind === "initials");
  if (needsInitials && !initialsFile) throw invalidInput("Add your initials.", INITIALS_FILE);
  const initials = initialsFile ? checkSignatureImage(initialsFile, INITIALS_FILE) : null;
  const fieldBoxes = boxes.filter((box) => box.kind === "field");
  const fields = await checkFieldInput(fieldBoxes, input.data ?? {}, files);

  // Their own certificate: opened, used once, forgotten.
  const p12 = files.get(CERTIFICATE_FILE);
  let certificate: { certificate: SignerCertificate; cms: string; documentSha256: string } | null = null;
  if (p12) {
    if (!settings.allowCertificate) throw invalidInput("Signing with your own certificate is not allowed here.", CERTIFICATE_FILE);
    const content = await latestVersion(signer.accountId, signer.documentId);
    const sha256 = createHash("sha256")
      .update(await readStored(content.path))
      .digest("hex");
    // Counted before the password is tried; only a wrong password keeps the count.
    const attempt = await takeCertificateAttempt(signer.id);
    try {
      certificate = { ...signWithP12(p12.bytes, input.password ?? "", sha256, signer.id), documentSha256: sha256 };
    } catch (error) {
      if (!(error instanceof AppError && error.code === AppErrorCode.CERTIFICATE_PASSWORD_WRONG)) await attempt.giveBack();
      throw error;
    }
    await attempt.giveBack();
  }

  // Stored before the transaction under keys of this request's own (two submissions at once never
  // share one), removed again only if it does not commit: the winner's files are never touched.
  const base = `accounts/${signer.accountId}/documents/${signer.documentId}/signatures/${signer.id}-${randomUUID()}`;
  const stored: string[] = [];
  let committed = false;
  const put = async (key: string, file: CheckedImage | { bytes: Uint8Array }) => {
    await storage().put(key, file.bytes);
    stored.push(key);
    return key;
  };
  try {
    const imagePath = image ? await put(`${base}-signature.${image.ext}`, image) : null;
    const initialsPath = initials ? await put(`${base}-initials.${initials.ext}`, initials) : null;
    const attachments: { id: string; upload: (typeof fields.uploads)[number]; path: string }[] = [];
    for (const upload of fields.uploads) {
      const id = newAttachmentId();
      attachments.push({ id, upload, path: await put(attachmentKey(signer.accountId, signer.documentId, id, upload.ext), upload) });
    }
    const signedAt = new Date();
    // The queue must be open before a transaction that may write its jobs (the embedded database).
    await prepareJobs();
    const outcome = await db.$transaction(async (tx) => {
      const { document, signers } = await lockSigningDocument(tx, signer.accountId, signer.documentId);
      const current = signers.find((s) => s.id === signer.id);
      if (!current || current.signedAt || current.declinedAt) throw signingLinkError("completed");
      const process = signingSettingsOf(document.settings).signProcess;
      if (!signerTurns.mayAct(signers, signer.id, process)) throw signingLinkError("notYourTurn");
      const updated = await tx.signature.updateMany({
        where: { id: signer.id, signedAt: null, declinedAt: null, requestedAt: new Date(claims.rat) },
        data: {
          signedAt,
          idNumber: input.idNumber?.trim() || null,
          image: imagePath,
          imageKind: input.kind,
          timeline: input.kind === "drawn" && input.timeline ? (input.timeline as Prisma.InputJsonValue) : undefined,
          initials: initialsPath,
          certificate: certificate ? (certificate.certificate as Prisma.InputJsonValue) : undefined,
          metadata: {
            ...((current.metadata ?? {}) as object),
            ...(typedName ? { typedName } : {}),
            ...(certificate ? { cms: certificate.cms, documentSha256: certificate.documentSha256 } : {}),
          } as Prisma.InputJsonValue,
          signedIp: ctx.ip,
          signedUserAgent: ctx.userAgent?.slice(0, 500) ?? null,
        },
      });
      if (updated.count !== 1) throw signingLinkError("completed");
      for (const box of placeholders) {
        const value = fields.texts[box.keyName] ?? fields.uploads.find((u) => u.variable === box.keyName)?.name;
        if (value !== undefined) await tx.signaturePlaceholder.update({ where: { id: box.id }, data: { value } });
      }
      for (const { id, upload, path } of attachments) {
        await tx.documentAttachment.create({
          data: {
            id,
            accountId: signer.accountId,
            documentId: signer.documentId,
            authorId: null,
            variable: upload.variable,
            name: upload.name,
            mimetype: upload.mimetype,
            size: upload.bytes.byteLength,
            path,
          },
        });
      }
      await recordAudit(tx, ctx, {
        eventType: "signature.signed",
        targetType: "signature",
        targetId: signer.id,
        targetContext: signer.documentId,
        payload: {
          email: signer.email,
          kind: input.kind,
          withCertificate: !!certificate,
          fields: Object.keys(fields.texts).length + attachments.length,
        },
      });
      const last = signerTurns.complete(signers.map((s) => (s.id === signer.id ? { ...s, signedAt } : s)));
      const status = last ? "signed" : "signing";
      await changeDocumentStatus(tx, ctx, { document, to: status, cause: "signature" });
      // Ordered: once this order is done, the next one is asked (those not asked yet).
      const next = last ? [] : signerTurns.nextAfter(signers, signer.id, process);
      const requested = next.length ? await markRequested(tx, ctx, document.id, next) : [];
      await sendSignatureRequestEmails(tx, ctx, document, requested);
      if (last) {
        // The sealing job and the owners' news commit with the last signature, or nothing does:
        // a process that dies after the commit leaves no signed document unsealed (issue 37).
        await enqueue(sealDocumentJob, { documentId: signer.documentId }, { tx });
        await sendSignatureCompletedEmails(tx, document);
      }
      return { document, last, requested };
    }, WITH_FOLLOW_UPS);
    committed = true;
    publishSigningChange(signer.accountId, signer.documentId, signer.id, "signed");
    publishRequested(outcome.document, outcome.requested);
    return { id: signer.id, documentId: signer.documentId, signedAt, documentStatus: outcome.last ? "signed" : "signing" };
  } catch (error) {
    if (committed) throw error;
    await Promise.all(
      stored.map((key) =>
        storage()
          .delete(key)
          .catch(() => undefined),
      ),
    );
    throw error;
  }
}
