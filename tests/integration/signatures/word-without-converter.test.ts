import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { POST as requestRoute } from "@/app/vapp/signatures/request/route";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { mergeVersionMetadata } from "@/lib/documents/merge-version-metadata";
import type { AppError } from "@/lib/errors/app-error";
import { localizedMessage } from "@/lib/http/error-response";
import { getTranslator } from "@/lib/i18n/messages";
import { defineJob, jobContext, type JobDefinition } from "@/lib/jobs/job";
import { openQueue, stopJobs } from "@/lib/jobs/queue";
import { resealDocument } from "@/lib/sealing/reseal-document";
import { sealDocument } from "@/lib/sealing/seal-document";
import { sealDocumentJob } from "@/lib/sealing/seal-document-job";
import { forgetSealingHealth, getSealingHealth } from "@/lib/sealing/sealing-health";
import { readSealingState } from "@/lib/sealing/sealing-state";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { storage } from "@/lib/storage/storage";
import { createAccount, signedInAs } from "@/tests/factories";
import { fakeSoffice } from "@/tests/fixtures/fake-soffice";
import { makeDocx } from "@/tests/fixtures/docx";
import { fillerPages, makeTextPdf } from "@/tests/fixtures/pdf";
import { jsonRequest } from "@/tests/factories/http";
import { signedDocument } from "../sealing/signed-document";
import { addSigners, pdfContract } from "./helpers";

/**
 * A Word document on a server without LibreOffice (issue 39, item 2): it cannot be sent for
 * signature (refused in the sender's language, nothing sent), a signed one fails sealing for good
 * rather than being retried, sealing's health names the missing converter, and sealing again
 * works once LibreOffice is there. LibreOffice's absence is SOFFICE_PATH naming no file.
 */
const original = process.env.SOFFICE_PATH;
const withoutConverter = () => (process.env.SOFFICE_PATH = "/nonexistent/soffice");
afterEach(() => {
  if (original === undefined) delete process.env.SOFFICE_PATH;
  else process.env.SOFFICE_PATH = original;
  forgetSealingHealth();
});
afterAll(() => stopJobs());

async function wordContract(name: string) {
  const { account, owner } = await createAccount(name);
  const session = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(
    session.ctx,
    { name: `${name} contract` },
    { name: "contract.docx", bytes: makeDocx(["The parties agree."]) },
  );
  return { account, owner, session, document };
}

describe("sending a Word document without LibreOffice", () => {
  it("is refused before anything is sent, with the reason in the sender's language", { timeout: 60_000 }, async () => {
    withoutConverter();
    const { session, document } = await wordContract("No converter");
    const [signer] = await addSigners(session.ctx, document.id, [1]);
    const before = await db.document.findUniqueOrThrow({ where: { id: document.id } });

    const error = (await requestSignatures(session.ctx, document.id).catch((e) => e)) as AppError;
    expect(error).toMatchObject({ code: "CONVERTER_UNAVAILABLE", details: { reason: "wordSigning" } });
    const spanish = getTranslator("es")("errors.because.CONVERTER_UNAVAILABLE.wordSigning");
    expect(localizedMessage(error, "es")).toBe(spanish);
    expect(spanish).toContain("LibreOffice");
    expect(localizedMessage(error, "en")).toMatch(
      /signed as PDF.*Upload the document as a PDF, or ask your administrator to install LibreOffice/,
    );

    // Over REST, in the language the sender's screen asks for.
    const response = await requestRoute(
      jsonRequest("POST", "/vapp/signatures/request", {
        body: { documentId: document.id },
        headers: { authorization: `Bearer ${session.accessToken}`, "x-language": "ca" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; details: { reason: string } } };
    expect(body.error).toMatchObject({ code: "CONVERTER_UNAVAILABLE", details: { reason: "wordSigning" } });
    expect(body.error.message).toBe(getTranslator("ca")("errors.because.CONVERTER_UNAVAILABLE.wordSigning"));

    // Nothing was sent: no email, no request, the status as it was, no audit of a request.
    expect(await db.outboxEmail.count({ where: { documentId: document.id } })).toBe(0);
    expect(await db.outboxEmail.count({ where: { to: signer!.email } })).toBe(0);
    expect((await db.signature.findUniqueOrThrow({ where: { id: signer!.id } })).requestedAt).toBeNull();
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe(before.status);
    expect(await db.audit.count({ where: { eventType: "signature.requested", targetContext: document.id } })).toBe(0);
  });

  it("is sent when its PDF rendition is already stored, and a PDF always is", { timeout: 60_000 }, async () => {
    withoutConverter();
    const { session, document } = await wordContract("Rendition kept");
    const content = await db.documentContent.findFirstOrThrow({ where: { documentId: document.id } });
    const key = `${content.path}.rendition.pdf`;
    await storage().put(key, await makeTextPdf([["The parties agree."]]));
    await mergeVersionMetadata(content.id, { pdfPath: key });
    await addSigners(session.ctx, document.id, [1]);
    expect(await requestSignatures(session.ctx, document.id)).toHaveLength(1);

    const pdf = await pdfContract("PDF without converter");
    await addSigners(pdf.ctx, pdf.document.id, [1]);
    expect(await requestSignatures(pdf.ctx, pdf.document.id)).toHaveLength(1);
  });
});

describe("sealing a signed Word document without LibreOffice", () => {
  it("fails the job for good at once (no retry), says why, and seals once LibreOffice is installed", { timeout: 90_000 }, async () => {
    withoutConverter();
    const { document, session } = await signedDocument({ word: true, signers: [{}] });
    // The first attempt, with retries left: the job ends without throwing, so the queue retries nothing.
    const outcome = await sealDocumentJob.run(jobContext("job-word"), { documentId: document.id }, { number: 1, last: false });
    expect(outcome).toEqual({ sealed: false, failed: "converterMissing" });
    const failed = readSealingState((await db.document.findUniqueOrThrow({ where: { id: document.id } })).metadata);
    expect(failed).toMatchObject({ state: "failed", final: true, attempts: 1, reason: "converterMissing" });
    expect(failed?.error).toMatch(/LibreOffice is not installed/);
    expect(await db.seal.count({ where: { documentId: document.id } })).toBe(0);

    // LibreOffice installed (a stand-in making the PDF): an owner asks again and it is sealed.
    process.env.SOFFICE_PATH = await fakeSoffice(await makeTextPdf(fillerPages(1, 5)));
    await expect(resealDocument(session.ctx, document.id)).resolves.toEqual({ documentId: document.id, state: "sealing" });
    expect(await sealDocument(jobContext("job-again"), document.id, { number: 1, last: false })).toMatchObject({ sealed: true });
    expect(await db.seal.count({ where: { documentId: document.id } })).toBe(1);
    expect(readSealingState((await db.document.findUniqueOrThrow({ where: { id: document.id } })).metadata)).toMatchObject({
      state: "sealed",
    });
  });
});

describe("the sealing job on the queue without LibreOffice", () => {
  it("ends after one run, completed, and is not tried again", { timeout: 60_000 }, async () => {
    withoutConverter();
    const { document } = await signedDocument({ word: true, signers: [{}] });
    // The sealing job's declaration under a name of its own (the declared queue's jobs never run here), retried quickly.
    const job = defineJob({ ...sealDocumentJob, name: `testSealWord${randomUUID().slice(0, 8)}`, retryDelaySeconds: 1 });
    const jobs = [job] as unknown as JobDefinition[];
    const queue = await openQueue({ work: true, jobs, pollingIntervalSeconds: 0.5 });
    try {
      const id = await queue.enqueue(job, { documentId: document.id });
      await vi.waitFor(async () => expect((await queue.boss.getJobById(job.name, id!))?.state).toBe("completed"), {
        timeout: 30_000,
        interval: 250,
      });
      const settled = await queue.boss.getJobById(job.name, id!);
      expect(settled).toMatchObject({ state: "completed", retryCount: 0 });
      const state = readSealingState((await db.document.findUniqueOrThrow({ where: { id: document.id } })).metadata);
      expect(state).toMatchObject({ state: "failed", final: true, attempts: 1, reason: "converterMissing" });
    } finally {
      await queue.stop();
      const cleaner = await openQueue({ work: false, jobs: [] });
      if (await cleaner.boss.getQueue(job.name)) await cleaner.boss.deleteQueue(job.name);
      await cleaner.stop();
    }
  });
});

describe("sealing health without LibreOffice", () => {
  it("names the missing converter to a workspace with Word files, not to one of PDFs only", { timeout: 60_000 }, async () => {
    withoutConverter();
    const word = await wordContract("Health word");
    const health = await getSealingHealth(word.session.ctx, { refresh: true });
    expect(health).toMatchObject({ ok: false, problems: ["converterMissing"] });
    expect(health.detail).toMatch(/LibreOffice is not installed/);
    const en = getTranslator("en");
    expect(en("sealing.health.problems.converterMissing")).toMatch(/LibreOffice/);
    expect(en("sealing.health.converterMissing")).toMatch(/ask your administrator to install LibreOffice/);

    const pdf = await pdfContract("Health pdf");
    expect(await getSealingHealth(pdf.ctx)).toMatchObject({ ok: true, problems: [] });

    // Installed: the Word workspace is fine again at once.
    process.env.SOFFICE_PATH = await fakeSoffice(await makeTextPdf([["x"]]));
    expect(await getSealingHealth(word.session.ctx)).toMatchObject({ ok: true, problems: [] });
  });
});
