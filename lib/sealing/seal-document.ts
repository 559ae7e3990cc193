import { writeFile } from "node:fs/promises";
import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db";
import { readStored } from "@/lib/documents/stored-file";
import { convertWithLibreOffice, sofficePath } from "@/lib/files/libreoffice";
import { pubsub } from "@/lib/events/pubsub";
import type { Prisma } from "@/lib/generated/prisma/client";
import { matchLocale, type Locale } from "@/lib/i18n/locales";
import type { JobAttempt } from "@/lib/jobs/job";
import { storage } from "@/lib/storage/storage";
import { sendSealedEmails } from "./sealed-emails";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { auditChainHead, sealEvents, sealParties, signatureStamps, signerName, type SealSigner } from "./seal-inputs";
import { sealPdf } from "./seal-pdf";
import { recordSealingFailure, writeSealingState } from "./sealing-state";
import { clip } from "@/lib/text/clip";

/** Why a run sealed nothing. */
export type SealSkip = "notFound" | "noContent" | "alreadySealed" | "noSignatures" | "notAllSigned" | "changed";

/** A failure a retry cannot mend by itself, said plainly for the banner and the logs. */
export class SealingError extends Error {}

/**
 * A failure no retry can change (issue 39): the signed version is a Word file and this server has
 * no LibreOffice to make its PDF. The run records it as final and the job ends without retrying
 * (seal-document-job.ts); once LibreOffice is installed, an owner queues it again (resealDocument).
 */
export class ConverterMissingError extends SealingError {
  readonly reason = "converterMissing" as const;
}

export const isConverterMissing = (error: unknown): error is ConverterMissingError =>
  error instanceof ConverterMissingError || (error as { reason?: unknown } | null)?.reason === "converterMissing";

/** The version that holds a document's sealed copy: its metadata says so and names the version it sealed. */
export type SealedVersionMetadata = { sealed: true; sourceContentId: string; sourceVersion: number };

/** The storage key of the sealed copy of one version: the same on every attempt, so a retry overwrites, never adds. */
export const sealedKey = (accountId: string, documentId: string, sourceContentId: string) =>
  `accounts/${accountId}/documents/${documentId}/sealed-${sourceContentId}.pdf`;

/**
 * Test hook for the crash test (tests/integration/sealing/seal-crash.test.ts): with
 * SEALING_PAUSE_AFTER_STORE set to a file path (never in production), a run writes that file
 * once the sealed copy is stored, then waits there until the process is killed.
 */
async function pauseAfterStoreForTests(): Promise<void> {
  const marker = process.env.SEALING_PAUSE_AFTER_STORE;
  if (!marker || process.env.NODE_ENV === "production") return;
  await writeFile(marker, String(process.pid));
  await new Promise(() => undefined);
}

/** The version's file as PDF: itself, its kept rendition, or a Word file converted by LibreOffice (a clear failure without it). */
async function sourcePdf(content: { path: string; mimetype: string; metadata: unknown }): Promise<Uint8Array> {
  if (content.mimetype === "application/pdf") return readStored(content.path);
  const rendition = (content.metadata as { pdfPath?: string } | null)?.pdfPath;
  if (rendition) return readStored(rendition);
  if (!sofficePath())
    throw new ConverterMissingError(
      "The signed version is a Word file and LibreOffice is not installed on this server, so it cannot be turned into a PDF to seal.",
    );
  const pdf = await convertWithLibreOffice(await readStored(content.path), "docx", "pdf");
  if (!pdf) throw new SealingError("LibreOffice could not turn the signed Word version into a PDF.");
  return pdf;
}

/**
 * Seals a signed document (issue 16; docs/sealing.md), as a job: the context is the system's,
 * with no account, so every read and write is scoped by the document's own account. Once every
 * signer has signed, the latest version (as PDF) gets each signer's signature, initials and
 * filled fields in their boxes, the certificate of completion and the installation's PAdES
 * signature; the sealed copy is stored under a key fixed by the version it seals, then in one
 * transaction become a new read-only version, a Seal row (SHA-256 of the exact bytes), a
 * `document.sealed` audit row and everyone's `documentSealed` email (with its delivery job).
 * Then the document's subscribers hear `sealed`. Runs that find it sealed, or not ready, seal nothing (with the
 * reason). A failure is recorded in Document.metadata.sealing and thrown, so the queue retries it;
 * a missing converter (ConverterMissingError) is recorded as final at once, as no retry can mend it.
 */
export async function sealDocument(
  ctx: ServiceContext,
  documentId: string,
  attempt: JobAttempt,
): Promise<{ sealed: boolean; reason?: SealSkip; sealId?: string }> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    select: { id: true, accountId: true, name: true, language: true, account: { select: { name: true } } },
  });
  if (!document) return { sealed: false, reason: "notFound" };
  const { accountId } = document;
  const latest = await db.documentContent.findFirst({ where: { accountId, documentId }, orderBy: { version: "desc" } });
  if (!latest) return { sealed: false, reason: "noContent" };
  if (await db.seal.findFirst({ where: { accountId, documentId, contentId: latest.id }, select: { id: true } }))
    return { sealed: false, reason: "alreadySealed" };
  const signers: SealSigner[] = await db.signature.findMany({
    where: { accountId, documentId },
    orderBy: [{ order: "asc" }, { createdAt: "asc" }],
    include: { placeholders: { where: { accountId }, select: { keyName: true, settings: true, value: true, order: true } } },
  });
  if (signers.length === 0) return { sealed: false, reason: "noSignatures" };
  if (signers.some((s) => !s.signedAt || s.declinedAt)) return { sealed: false, reason: "notAllSigned" };

  await writeSealingState(db, document, { state: "sealing", attempts: attempt.number, at: new Date().toISOString() });
  try {
    const locale: Locale = matchLocale(document.language) ?? "en";
    const [pdf, stamps, parties, { events, total }, auditHash] = await Promise.all([
      sourcePdf(latest),
      signatureStamps(signers),
      sealParties(accountId, documentId, signers),
      sealEvents(accountId, documentId),
      auditChainHead(accountId),
    ]);
    const sealedAt = new Date();
    const sealed = await sealPdf(pdf, {
      documentId,
      documentName: document.name,
      workspaceName: document.account.name,
      locale,
      parties,
      auditHash,
      sealedAt,
      stamps,
      events,
      eventsTotal: total,
    });
    const key = sealedKey(accountId, documentId, latest.id);
    const signersJson = signers.map((s) => ({ name: signerName(s), email: s.email, signedAt: s.signedAt!.toISOString() }));
    await prepareEmailDelivery();
    const outcome = await db.$transaction(
      async (tx) => {
        // One run at a time from here (an owner's request beside the queue's run): the document's row is
        // the lock, held while the file is stored, so a second run never overwrites a copy already sealed.
        // A process that dies here drops the lock with its connection; the retry stores the same key again.
        await tx.$queryRaw`SELECT "id" FROM "Document" WHERE "id" = ${documentId} AND "accountId" = ${accountId} FOR UPDATE`;
        const last = await tx.documentContent.findFirst({ where: { accountId, documentId }, orderBy: { version: "desc" } });
        const done = await tx.seal.findFirst({ where: { accountId, documentId, contentId: last?.id ?? "" }, select: { id: true } });
        if (done) return { sealed: false as const, reason: "alreadySealed" as const };
        if (last?.id !== latest.id) return { sealed: false as const, reason: "changed" as const };
        await storage().put(key, sealed.bytes);
        await pauseAfterStoreForTests();
        const metadata: SealedVersionMetadata = { sealed: true, sourceContentId: latest.id, sourceVersion: latest.version };
        const content = await tx.documentContent.create({
          data: {
            accountId,
            documentId,
            authorId: null,
            version: latest.version + 1,
            name: clip(`${latest.name.replace(/\.[^.]+$/, "")}.pdf`, 255),
            mimetype: "application/pdf",
            path: key,
            size: sealed.bytes.byteLength,
            text: latest.text,
            readOnly: true,
            metadata: metadata as unknown as Prisma.InputJsonValue,
          },
        });
        const seal = await tx.seal.create({
          data: { accountId, documentId, contentId: content.id, sha256: sealed.hashAfter, signers: signersJson, sealedAt },
        });
        await tx.document.update({ where: { id: documentId }, data: { updatedAt: new Date() } });
        await writeSealingState(tx, document, { state: "sealed", attempts: attempt.number, at: sealedAt.toISOString() });
        await recordAudit(tx, ctx, {
          accountId,
          eventType: "document.sealed",
          targetType: "document",
          targetId: documentId,
          payload: {
            version: content.version,
            sha256: sealed.hashAfter,
            signers: signersJson.length,
            certificate: sealed.certificateFingerprint,
            ...(sealed.timestampedAt ? { timestampedAt: sealed.timestampedAt.toISOString() } : {}),
          },
        });
        // The sealed copy's emails commit with the Seal (a retry finds it sealed and sends nothing).
        await sendSealedEmails(tx, { document, signers, version: content.version });
        return { sealed: true as const, sealId: seal.id, version: content.version };
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
    // Another run sealed it meanwhile, or a new version came: this run stored nothing.
    if (!outcome.sealed) return outcome;
    pubsub.publish("document:signing", documentId, { documentId, kind: "seal", id: outcome.sealId, state: "sealed" });
    return { sealed: true, sealId: outcome.sealId };
  } catch (error) {
    const final = isConverterMissing(error) ? { number: attempt.number, last: true } : attempt;
    await recordSealingFailure(document, error, final, isConverterMissing(error) ? error.reason : undefined).catch(() => undefined);
    throw error;
  }
}
