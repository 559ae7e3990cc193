import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sealPdf } from "@/lib/sealing/seal-pdf";
import { forgetSealingCertificate, sealingCertificate, type SealingCertificate } from "@/lib/sealing/sealing-certificate";
import { cmsSignatureValue, cmsTimestampToken, requestTimestamp, TimestampError, timestampTime } from "@/lib/sealing/timestamp";
import { pdfSignatureContents } from "@/lib/sealing/verify-sealed-pdf";
import { startFakeTsa, type FakeTsa } from "@/tests/factories/tsa";
import { createHash } from "node:crypto";

/**
 * Trusted timestamps (RFC 3161): with TSA_URL set, the seal's signature carries the authority's
 * token over its signature value. The authority here is OpenSSL's `ts -reply`, and OpenSSL's
 * `ts -verify` checks the token we embedded; pdfsig still accepts the seal.
 */
const run = promisify(execFile);
const PDFSIG = "/usr/bin/pdfsig";
let tsa: FakeTsa;
let certificate: SealingCertificate;

async function contract(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText("Clause 1: the parties agree.", { x: 56, y: 780, size: 12, font });
  return doc.save();
}

const input = {
  documentId: "doc-ts",
  documentName: "Timestamped agreement",
  workspaceName: "Acme",
  locale: "en" as const,
  parties: [{ name: "Jo", email: "jo@example.test", action: "signed" as const, at: new Date(), ip: null, userAgent: null }],
};

beforeAll(async () => {
  tsa = await startFakeTsa();
  forgetSealingCertificate();
  delete process.env.SEALING_P12_PATH;
  certificate = await sealingCertificate();
}, 60_000);
afterEach(() => {
  delete process.env.TSA_URL;
  tsa.mode = "ok";
});
afterAll(() => tsa.close());

describe("trusted timestamps", () => {
  it("seals with the authority's token over the signature value; OpenSSL verifies it and pdfsig still accepts the seal", async () => {
    process.env.TSA_URL = tsa.url;
    const before = Date.now();
    const sealed = await sealPdf(await contract(), input, certificate);
    expect(sealed.timestampedAt).toBeInstanceOf(Date);
    expect(sealed.timestampedAt!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);

    const [cms] = pdfSignatureContents(sealed.bytes);
    const token = cmsTimestampToken(cms);
    expect(token).not.toBeNull();
    expect(timestampTime(token!).getTime()).toBe(sealed.timestampedAt!.getTime());
    const dir = mkdtempSync(path.join(tmpdir(), "ts-"));
    writeFileSync(path.join(dir, "token.der"), token!);
    const digest = createHash("sha256").update(cmsSignatureValue(cms)).digest("hex");
    const verified = await run("openssl", [
      "ts",
      "-verify",
      "-digest",
      digest,
      "-in",
      path.join(dir, "token.der"),
      "-token_in",
      "-CAfile",
      tsa.certificate,
    ]);
    expect(verified.stdout).toContain("Verification: OK");

    if (!existsSync(PDFSIG)) return; // .ci/run installs poppler-utils
    writeFileSync(path.join(dir, "sealed.pdf"), sealed.bytes);
    const { stdout } = await run(PDFSIG, [path.join(dir, "sealed.pdf")]);
    expect(stdout).toContain("Signature is Valid");
  }, 60_000);

  it("seals without a token when no authority is configured", async () => {
    const sealed = await sealPdf(await contract(), input, certificate);
    expect(sealed.timestampedAt).toBeNull();
    expect(cmsTimestampToken(pdfSignatureContents(sealed.bytes)[0])).toBeNull();
  }, 60_000);

  it("fails the seal, saying why, when the authority is down or answers another request", async () => {
    process.env.TSA_URL = tsa.url;
    tsa.mode = "down";
    await expect(sealPdf(await contract(), input, certificate)).rejects.toThrow(/HTTP 503/);

    tsa.mode = "ok";
    await requestTimestamp(tsa.url, createHash("sha256").update("the first request").digest());
    tsa.mode = "stale"; // replays the first reply, made for another hash
    const digest = createHash("sha256").update("something else").digest();
    await expect(requestTimestamp(tsa.url, digest)).rejects.toBeInstanceOf(TimestampError);
    await expect(requestTimestamp(tsa.url, digest)).rejects.toThrow(/another hash/);
    await expect(requestTimestamp("http://127.0.0.1:9/tsa", digest)).rejects.toThrow(/cannot be reached/);
  }, 60_000);
});
