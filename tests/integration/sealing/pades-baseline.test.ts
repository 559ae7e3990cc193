import { execFile } from "node:child_process";
import { createHash, verify as rsaVerify } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import forge from "node-forge";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OID } from "@/lib/sealing/pades-signer";
import { sealPdf } from "@/lib/sealing/seal-pdf";
import { certificateDer, forgetSealingCertificate, sealingCertificate, type SealingCertificate } from "@/lib/sealing/sealing-certificate";
import { cmsTimestampToken } from "@/lib/sealing/timestamp";
import { pdfSignatureContents } from "@/lib/sealing/verify-sealed-pdf";
import { startFakeTsa, type FakeTsa } from "@/tests/factories/tsa";

/**
 * The seal is PAdES baseline B-B (issue 39, ETSI EN 319 142-1): its CMS signs exactly
 * contentType, messageDigest and ESS signing-certificate-v2 (no signing-time), the time is the
 * signature dictionary's /M, the SubFilter is ETSI.CAdES.detached; with TSA_URL the timestamp
 * makes it B-T. OpenSSL's CAdES check (`cms -verify -cades`, which matches signing-certificate-v2
 * with the signer) and pdfsig accept it.
 */
const run = promisify(execFile);
const PDFSIG = "/usr/bin/pdfsig";
const { asn1 } = forge;
type Node = forge.asn1.Asn1;
const kids = (node: Node | undefined) => (Array.isArray(node?.value) ? (node.value as Node[]) : []);
const bytes = (node: Node) => Buffer.from(node.value as string, "binary");
const der = (node: Node) => Buffer.from(asn1.toDer(node).getBytes(), "binary");
const oid = (node: Node | undefined) => asn1.derToOid(node!.value as string);

let certificate: SealingCertificate;
let tsa: FakeTsa;

async function contract(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText("Clause 1: the parties agree.", { x: 56, y: 780, size: 12, font });
  return doc.save();
}

const sealedAt = new Date("2026-12-01T08:15:30Z");
const input = {
  documentId: "doc-pades",
  documentName: "Baseline agreement",
  workspaceName: "Acme",
  locale: "en" as const,
  sealedAt,
  parties: [{ name: "Jo", email: "jo@example.test", action: "signed" as const, at: sealedAt, ip: null, userAgent: null }],
};

/** The signature's ByteRange and the bytes it covers. */
function byteRange(pdf: Buffer): { signed: Buffer; dictionary: string } {
  const text = pdf.toString("latin1");
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!;
  const [a, b, c, d] = match.slice(1).map(Number);
  const dictionaryStart = text.lastIndexOf("<<", match.index);
  return {
    signed: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    dictionary: text.slice(dictionaryStart, text.indexOf(">>", c) + 2),
  };
}

/** The parts of the seal's one SignerInfo. */
function signerInfo(cms: Buffer) {
  const contentInfo = (asn1.fromDer as unknown as (b: string, o: { parseAllBytes: boolean }) => Node)(cms.toString("binary"), {
    parseAllBytes: false,
  });
  expect(oid(kids(contentInfo)[0])).toBe(forge.pki.oids.signedData);
  const signedData = kids(kids(contentInfo)[1])[0];
  const certificates = kids(signedData).find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
  const info = kids(kids(signedData).at(-1))[0];
  const fields = kids(info);
  const signedAttributes = fields.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0)!;
  const signature = fields.find((n) => n.tagClass === asn1.Class.UNIVERSAL && n.type === asn1.Type.OCTETSTRING)!;
  const attributes = new Map(kids(signedAttributes).map((a) => [oid(kids(a)[0]), kids(kids(a)[1])[0]]));
  return {
    attributeTypes: kids(signedAttributes).map((a) => oid(kids(a)[0])),
    attributes,
    signedAttributesSet: der(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, kids(signedAttributes))),
    signature: bytes(signature),
    certificates: kids(certificates).map(der),
  };
}

beforeAll(async () => {
  tsa = await startFakeTsa();
  forgetSealingCertificate();
  delete process.env.SEALING_P12_PATH;
  certificate = await sealingCertificate();
}, 60_000);
afterEach(() => {
  delete process.env.TSA_URL;
});
afterAll(() => tsa.close());

describe("the seal as PAdES baseline B-B", () => {
  it("signs contentType, messageDigest and signing-certificate-v2, no signing-time; the time is /M", { timeout: 60_000 }, async () => {
    const sealed = await sealPdf(await contract(), input, certificate);
    const { signed, dictionary } = byteRange(sealed.bytes);
    expect(dictionary).toContain("/SubFilter /ETSI.CAdES.detached");
    expect(dictionary).toContain("/M (D:20261201081530Z)");

    const [cms] = pdfSignatureContents(sealed.bytes);
    const info = signerInfo(cms);
    expect(new Set(info.attributeTypes)).toEqual(new Set([OID.contentType, OID.messageDigest, OID.signingCertificateV2]));
    expect(info.attributeTypes).toHaveLength(3);
    expect(info.attributeTypes).not.toContain(OID.signingTime);
    expect(oid(info.attributes.get(OID.contentType))).toBe(forge.pki.oids.data);

    // messageDigest: the SHA-256 of the bytes the ByteRange covers.
    expect(bytes(info.attributes.get(OID.messageDigest)!).toString("hex")).toBe(createHash("sha256").update(signed).digest("hex"));

    // signing-certificate-v2: one ESSCertIDv2, hashAlgorithm left to its default (sha256), certHash of the embedded signer certificate.
    const signerCertificate = certificateDer(certificate);
    expect(info.certificates.some((c) => c.equals(signerCertificate))).toBe(true);
    const certs = kids(kids(info.attributes.get(OID.signingCertificateV2))[0]);
    expect(certs).toHaveLength(1);
    const [certHash, issuerSerial, ...rest] = kids(certs[0]);
    expect(rest).toHaveLength(0);
    expect(certHash.type).toBe(asn1.Type.OCTETSTRING);
    expect(bytes(certHash).toString("hex")).toBe(createHash("sha256").update(signerCertificate).digest("hex"));
    expect(bytes(certHash).toString("hex")).toBe(certificate.fingerprint);
    const parsed = forge.pki.certificateFromAsn1(asn1.fromDer(signerCertificate.toString("binary")));
    const [generalNames, serial] = kids(issuerSerial);
    const directoryName = kids(generalNames)[0];
    expect(directoryName.tagClass).toBe(asn1.Class.CONTEXT_SPECIFIC);
    expect(directoryName.type).toBe(4);
    expect(der(kids(directoryName)[0]).equals(der(forge.pki.distinguishedNameToAsn1(parsed.issuer)))).toBe(true);
    expect(forge.util.bytesToHex(serial.value as string)).toBe(parsed.serialNumber);

    // The signature covers the three attributes (the DER of their SET).
    const publicKey = forge.pki.publicKeyToPem(parsed.publicKey);
    expect(rsaVerify("sha256", info.signedAttributesSet, publicKey, info.signature)).toBe(true);

    // OpenSSL's CAdES check: the CMS over the signed bytes, and signing-certificate-v2 naming the
    // signer (it fails "ess cert id not found" otherwise); the self-signed certificate is its own anchor.
    const dir = mkdtempSync(path.join(tmpdir(), "pades-"));
    writeFileSync(path.join(dir, "seal.p7s"), cms.subarray(0, cmsLength(cms)));
    writeFileSync(path.join(dir, "signed.bin"), signed);
    writeFileSync(path.join(dir, "seal.crt"), forge.pki.certificateToPem(parsed));
    const verified = await run("openssl", [
      ...["cms", "-verify", "-cades", "-binary", "-purpose", "any", "-inform", "DER"],
      ...["-CAfile", path.join(dir, "seal.crt"), "-in", path.join(dir, "seal.p7s"), "-content", path.join(dir, "signed.bin")],
      ...["-out", "/dev/null"],
    ]);
    expect(verified.stderr).toContain("CAdES Verification successful");

    if (!existsSync(PDFSIG)) return; // .ci/run installs poppler-utils
    writeFileSync(path.join(dir, "sealed.pdf"), sealed.bytes);
    const { stdout } = await run(PDFSIG, [path.join(dir, "sealed.pdf")]);
    expect(stdout).toContain("Signature is Valid");
    expect(stdout).toContain("Total document signed");
    expect(stdout).toContain("ETSI.CAdES.detached");
  });

  it("with TSA_URL it is B-T: the same signed attributes, and the timestamp unsigned", { timeout: 60_000 }, async () => {
    process.env.TSA_URL = tsa.url;
    const sealed = await sealPdf(await contract(), input, certificate);
    const [cms] = pdfSignatureContents(sealed.bytes);
    expect(cmsTimestampToken(cms)).not.toBeNull();
    const info = signerInfo(cms);
    expect(info.attributeTypes).toHaveLength(3);
    expect(new Set(info.attributeTypes)).toEqual(new Set([OID.contentType, OID.messageDigest, OID.signingCertificateV2]));
    if (!existsSync(PDFSIG)) return;
    const dir = mkdtempSync(path.join(tmpdir(), "pades-t-"));
    writeFileSync(path.join(dir, "sealed.pdf"), sealed.bytes);
    const { stdout } = await run(PDFSIG, [path.join(dir, "sealed.pdf")]);
    expect(stdout).toContain("Signature is Valid");
    expect(stdout).toContain("Total document signed");
  });
});

/** The DER value at the start of `bytes`, without the zeros that pad a PDF's /Contents. */
function cmsLength(bytes: Buffer): number {
  const parse = asn1.fromDer as unknown as (b: string, o: { parseAllBytes: boolean }) => Node;
  return der(parse(bytes.toString("binary"), { parseAllBytes: false })).length;
}
