import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { storage } from "@/lib/storage/storage";
import { sealPdf } from "@/lib/sealing/seal-pdf";
import {
  GENERATED_CERTIFICATE_KEY,
  forgetSealingCertificate,
  generateSealingP12,
  readP12,
  sealingCertificate,
  type SealingCertificate,
} from "@/lib/sealing/sealing-certificate";
import { signedStatement, signWithP12 } from "@/lib/signatures/signer-certificate";
import { opensslCmsVerify } from "@/tests/factories/openssl";

/**
 * Sealing a signed PDF (issue 16): a certificate of completion, then a PAdES signature with the
 * installation's certificate that an independent verifier (`pdfsig`, poppler) accepts.
 */
const PDFSIG = "/usr/bin/pdfsig";
const run = promisify(execFile);

async function contract(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`Clause ${i}: the parties agree.`, { x: 56, y: 780, size: 12, font });
  return doc.save();
}

const parties = [
  {
    name: "Ana Pérez",
    email: "ana@example.test",
    action: "approved" as const,
    at: new Date("2026-11-20T09:00:00Z"),
    ip: "203.0.113.7",
    userAgent: "Firefox",
  },
  {
    name: "Jo Smith",
    email: "jo@example.test",
    action: "signed" as const,
    at: new Date("2026-11-21T10:30:00Z"),
    ip: "198.51.100.4",
    userAgent: "Mobile Safari",
  },
  { name: "李雷", email: "li@example.test", action: "signed" as const, at: new Date("2026-11-21T11:00:00Z"), ip: null, userAgent: null },
];

let certificate: SealingCertificate;

beforeAll(async () => {
  forgetSealingCertificate();
  delete process.env.SEALING_P12_PATH;
  certificate = await sealingCertificate();
}, 30_000);

describe("sealing", () => {
  it("makes the installation's certificate once and reads it back the same", async () => {
    expect(certificate.source).toBe("generated");
    expect(certificate.subject).toContain("CN=Covenant document sealing");
    expect(certificate.notAfter.getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 86_400_000);
    forgetSealingCertificate();
    const again = await sealingCertificate();
    expect(again.fingerprint).toBe(certificate.fingerprint);
  });

  it("adds a certificate of completion and a signature any PDF reader accepts", { timeout: 60_000 }, async () => {
    const original = await contract(3);
    const sealed = await sealPdf(
      original,
      { documentId: "doc-1", documentName: "Supply agreement", workspaceName: "Acme", locale: "es", parties, auditHash: "ab".repeat(32) },
      certificate,
    );
    expect(sealed.hashBefore).not.toBe(sealed.hashAfter);
    expect(sealed.certificateFingerprint).toBe(certificate.fingerprint);
    const doc = await PDFDocument.load(sealed.bytes);
    expect(doc.getPageCount()).toBe(4);
    const text = sealed.bytes.toString("latin1");
    expect(text).toContain("/SubFilter /ETSI.CAdES.detached");

    if (!existsSync(PDFSIG)) return; // .ci/run installs poppler-utils; without it the check above stands alone.
    const dir = mkdtempSync(path.join(tmpdir(), "seal-"));
    const file = path.join(dir, "sealed.pdf");
    writeFileSync(file, sealed.bytes);
    const { stdout } = await run(PDFSIG, [file]);
    expect(stdout).toContain("Signature is Valid");
    expect(stdout).toContain("Covenant document sealing");
    // Signed over the whole file: one byte of the contract changed (a page's width) breaks it.
    const tampered = Buffer.from(sealed.bytes);
    const at = tampered.indexOf("/MediaBox [ 0 0 595");
    expect(at).toBeGreaterThan(0);
    tampered[at + "/MediaBox [ 0 0 59".length] = "6".charCodeAt(0);
    writeFileSync(file, tampered);
    const check = await run(PDFSIG, [file]).catch((error: { stdout: string }) => error);
    expect(check.stdout).not.toContain("Signature is Valid");
  });

  it(
    "carries a signer's own signature inside the sealed file, which OpenSSL verifies against its statement",
    { timeout: 60_000 },
    async () => {
      const original = await contract(1);
      const hashBefore = createHash("sha256").update(original).digest("hex");
      const own = signWithP12(generateSealingP12("signer pw", "Jo Smith personal"), "signer pw", hashBefore, "sig-42");
      const sealed = await sealPdf(
        original,
        {
          documentId: "doc-own",
          documentName: "Own signature",
          workspaceName: "Acme",
          locale: "en",
          parties: [
            {
              ...parties[1],
              certificateSubject: own.certificate.subject,
              ownSignature: { cms: Buffer.from(own.cms, "base64"), statement: signedStatement(hashBefore, "sig-42") },
            },
          ],
        },
        certificate,
      );
      if (!existsSync(PDFSIG)) return; // poppler-utils (pdfdetach, pdfsig) comes with .ci/run
      const dir = mkdtempSync(path.join(tmpdir(), "own-"));
      const file = path.join(dir, "sealed.pdf");
      writeFileSync(file, sealed.bytes);
      expect((await run(PDFSIG, [file])).stdout).toContain("Signature is Valid");
      const listed = await run("/usr/bin/pdfdetach", ["-list", file]);
      expect(listed.stdout).toContain("signature-1.p7s");
      await run("/usr/bin/pdfdetach", ["-saveall", "-o", dir, file]);
      const statement = readFileSync(path.join(dir, "signature-1.txt"), "utf8");
      expect(statement).toBe(`${hashBefore}:sig-42`);
      const verified = await opensslCmsVerify(path.join(dir, "signature-1.p7s"), path.join(dir, "signature-1.txt"));
      expect(verified.stderr).toContain("Verification successful");
    },
  );

  it("refuses a PKCS#12 file with the wrong password", () => {
    const p12 = generateSealingP12("right password");
    expect(readP12(p12, "right password").subject).toContain("Covenant");
    expect(() => readP12(p12, "wrong password")).toThrow();
  });

  it("makes a new certificate when the app secret no longer opens the stored one, keeping the old one aside", async () => {
    const read = async (key: string) => {
      const file = await storage().get(key);
      return file ? Buffer.from(await new Response(file.stream).arrayBuffer()) : null;
    };
    const original = (await read(GENERATED_CERTIFICATE_KEY))!;
    const foreign = generateSealingP12("a secret this app does not have", "Foreign seal");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await storage().put(GENERATED_CERTIFICATE_KEY, foreign);
      forgetSealingCertificate();
      const renewed = await sealingCertificate();
      expect(renewed.source).toBe("generated");
      expect(renewed.subject).toContain("Covenant document sealing");
      expect(renewed.fingerprint).not.toBe(readP12(foreign, "a secret this app does not have").fingerprint);
      const aside = String(warn.mock.calls[0]?.[0] ?? "").match(/kept as (\S+\.p12)/)?.[1];
      expect(aside).toMatch(/^sealing\/certificate-replaced-.+\.p12$/);
      expect((await read(aside!))!.equals(foreign)).toBe(true);
      // The new one is stored: read again, it is the same.
      forgetSealingCertificate();
      expect((await sealingCertificate()).fingerprint).toBe(renewed.fingerprint);
      await storage().delete(aside!);
    } finally {
      warn.mockRestore();
      await storage().put(GENERATED_CERTIFICATE_KEY, original);
      forgetSealingCertificate();
    }
  }, 60_000);
});
