import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import { runOperation } from "@/lib/operations/operation";
import { documentPageCountOperation, documentPageImageOperation } from "@/lib/documents/page-image-operations";
import { generateSealingP12 } from "@/lib/sealing/sealing-certificate";
import { fetchValidSignature } from "@/lib/signatures/fetch-valid-signature";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { saveSignaturePlaceholders } from "@/lib/signatures/save-placeholders";
import { signDocument } from "@/lib/signatures/sign-document";
import { signedStatement } from "@/lib/signatures/signer-certificate";
import { SIGNATURE_IMAGE_MAX_BYTES } from "@/lib/signatures/signature-input";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { makePng } from "@/tests/factories/images";
import { addSigners, fieldBox, pdfContract, signatureBox, signerContext, signingToken } from "./helpers";
import { opensslCmsVerify } from "@/tests/factories/openssl";

/**
 * What a signer sends (issue 16, "bad input"): their own certificate (a corrupt .p12, a wrong
 * password, a good one whose CMS verifies), a signature image that is not an image, one too
 * large, fields and their files; and links that are tampered with or name another document.
 */
const PASSWORD = "signer-secret";
let p12: Buffer;
let contract: Awaited<ReturnType<typeof pdfContract>>;
let token: string;
let signerId: string;

beforeAll(async () => {
  p12 = generateSealingP12(PASSWORD, "Signer Own Cert");
  contract = await pdfContract("Input");
  const [signer] = await addSigners(contract.ctx, contract.document.id, [1], { allowCertificate: true });
  signerId = signer.id;
  await saveSignaturePlaceholders(contract.ctx, contract.document.id, [
    signatureBox(signer.id),
    fieldBox(signer.id, "city", "text", { required: true }),
    fieldBox(signer.id, "signedOn", "date", { x: 0.5 }),
    fieldBox(signer.id, "photo", "image", { page: 2, height: 0.2 }),
  ]);
  await requestSignatures(contract.ctx, contract.document.id);
  token = await signingToken(signer.email);
}, 60_000);
afterAll(() => stopJobs());

const png = (field = "signature") => ({ name: `${field}.png`, bytes: makePng(30, 12), field });
const sign = (extra: Partial<Parameters<typeof signDocument>[1]> = {}) =>
  signDocument(signerContext(token), { kind: "uploaded", data: { city: "Girona" }, files: [png()], ...extra }).catch((e) => e);

describe("a signer's input", () => {
  it("refuses a signature image that is not an image, and one too large, storing nothing", async () => {
    const text = await sign({
      files: [{ name: "signature.png", bytes: new TextEncoder().encode("not an image at all"), field: "signature" }],
    });
    expect(text).toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED", params: { fields: "signature" } });
    const large = new Uint8Array(SIGNATURE_IMAGE_MAX_BYTES + 1);
    large.set(makePng(2, 2));
    expect(await sign({ files: [{ name: "big.png", bytes: large, field: "signature" }] })).toMatchObject({ code: "FILE_TOO_LARGE" });
    expect((await db.signature.findUniqueOrThrow({ where: { id: signerId } })).signedAt).toBeNull();
  });

  it("wants the required field, and an image for an image field", async () => {
    expect(await sign({ data: {} })).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "city" } });
    const notImage = { name: "photo.pdf", bytes: new TextEncoder().encode("%PDF-1.4 nope"), field: "photo" };
    expect(await sign({ files: [png(), notImage] })).toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
  });

  it("takes a date field's day only if it exists (lib/text/calendar-dates.ts)", async () => {
    for (const signedOn of ["2024-02-30", "0000-01-01", "March 5"])
      expect(await sign({ data: { city: "Girona", signedOn } }), signedOn).toMatchObject({
        code: "VALIDATION_FAILED",
        params: { fields: "signedOn" },
      });
    expect((await db.signature.findUniqueOrThrow({ where: { id: signerId } })).signedAt).toBeNull();
  });

  it("refuses a corrupt .p12 and a wrong password with their own errors", async () => {
    const corrupt = await sign({
      files: [png(), { name: "mine.p12", bytes: new Uint8Array([48, 130, 1, 2, 3, 4, 5]), field: "certificate" }],
      password: PASSWORD,
    });
    expect(corrupt).toMatchObject({ code: "CERTIFICATE_INVALID" });
    const wrong = await sign({
      files: [png(), { name: "mine.p12", bytes: new Uint8Array(p12), field: "certificate" }],
      password: "not-it",
    });
    expect(wrong).toMatchObject({ code: "CERTIFICATE_PASSWORD_WRONG" });
    expect((await db.signature.findUniqueOrThrow({ where: { id: signerId } })).signedAt).toBeNull();
  });

  it("a tampered token and another document's token are refused", async () => {
    const [body, sig] = token.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, email: "thief@example.test" })).toString("base64url")}.${sig}`;
    // A forged token gives no signer at all: the service refuses the anonymous caller.
    expect(await fetchValidSignature(signerContext(forged)).catch((e) => e)).toMatchObject({ code: "SIGNING_LINK_INVALID" });
    const other = await pdfContract("OtherDoc");
    const crossed = signSigningToken({ ...claims, did: other.document.id });
    const error = await fetchValidSignature(signerContext(crossed)).catch((e) => e);
    expect(error).toMatchObject({ code: "SIGNING_LINK_INVALID", details: { reason: "invalid" } });
    // Its pages: only the token's own document.
    const pages = await runOperation(documentPageImageOperation, signerContext(token), { id: other.document.id, page: 1 }).catch((e) => e);
    expect(pages).toMatchObject({ code: "NOT_FOUND" });
  });

  it("renders the token's document pages as PNG for the signer", async () => {
    const count = await runOperation(documentPageCountOperation, signerContext(token), { id: contract.document.id });
    expect(count.pageCount).toBe(2);
    const response = await runOperation(documentPageImageOperation, signerContext(token), { id: contract.document.id, page: 2 });
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Array.from(bytes.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const missing = await runOperation(documentPageImageOperation, signerContext(token), { id: contract.document.id, page: 3 }).catch(
      (e) => e,
    );
    expect(missing).toMatchObject({ code: "NOT_FOUND" });
  });

  it("signs with the signer's own certificate: the CMS verifies over the document hash and signature id, the .p12 is not kept", async () => {
    const photo = { name: "photo.png", bytes: makePng(10, 10), field: "photo" };
    const done = await sign({
      files: [png(), png("initials"), photo, { name: "mine.p12", bytes: new Uint8Array(p12), field: "certificate" }],
      password: PASSWORD,
    });
    expect(done).toMatchObject({ documentStatus: "signed" });
    const row = await db.signature.findUniqueOrThrow({ where: { id: signerId } });
    expect(row.certificate).toMatchObject({ subject: expect.stringContaining("Signer Own Cert") });
    const metadata = row.metadata as { cms: string; documentSha256: string };
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const dir = mkdtempSync(path.join(tmpdir(), "cms-"));
    writeFileSync(path.join(dir, "sig.der"), Buffer.from(metadata.cms, "base64"));
    writeFileSync(path.join(dir, "content.txt"), signedStatement(metadata.documentSha256, signerId));
    const verified = await opensslCmsVerify(path.join(dir, "sig.der"), path.join(dir, "content.txt"));
    expect(verified.stderr).toContain("Verification successful");
    const attachment = await db.documentAttachment.findFirstOrThrow({ where: { documentId: contract.document.id, variable: "photo" } });
    expect(attachment.mimetype).toBe("image/png");
    const city = await db.signaturePlaceholder.findFirstOrThrow({ where: { signatureId: signerId, keyName: "city" } });
    expect(city.value).toBe("Girona");
  });
});
