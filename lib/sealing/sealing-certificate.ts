import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import forge from "node-forge";
import { hmac } from "@/lib/auth/crypto";
import { db } from "@/lib/db";
import { storage } from "@/lib/storage/storage";

/**
 * The certificate that seals signed documents (issue 16): the one configured with
 * SEALING_P12_PATH and SEALING_P12_PASSWORD, else one the app makes at first use (RSA 2048,
 * self-signed, ten years) and keeps in storage, encrypted with a password derived from the app
 * secret. Several processes starting at once make one: the first holds a database lock while it
 * writes it.
 */
export type SealingCertificate = {
  p12: Buffer;
  password: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the certificate (DER), hex. */
  fingerprint: string;
  source: "configured" | "generated";
};

export const GENERATED_CERTIFICATE_KEY = "sealing/certificate.p12";
const GENERATED_COMMON_NAME = "Covenant document sealing";

const generatedPassword = () => hmac("sealing-certificate-p12");

/** Reads a PKCS#12 file: its first certificate and whether the password opens the key. Throws a plain Error when it cannot. */
export function readP12(p12: Buffer, password: string): Omit<SealingCertificate, "p12" | "password" | "source"> {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")));
  const pkcs12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  const certificate = pkcs12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  const keys =
    pkcs12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ??
    pkcs12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag];
  if (!certificate) throw new Error("The PKCS#12 file holds no certificate.");
  if (!keys?.[0]?.key) throw new Error("The PKCS#12 file holds no private key.");
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  return {
    subject: certificate.subject.attributes.map((a) => `${a.shortName}=${a.value}`).join(", "),
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
    fingerprint: createHash("sha256").update(Buffer.from(der, "binary")).digest("hex"),
  };
}

/** A new self-signed sealing certificate as PKCS#12 (the key made by Node's crypto: fast, unlike forge's). */
export function generateSealingP12(password: string, commonName = GENERATED_COMMON_NAME, now = new Date()): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const attributes = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: "Covenant" },
  ];
  certificate.setSubject(attributes);
  certificate.setIssuer(attributes);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "extKeyUsage", emailProtection: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: "aes256", friendlyName: commonName });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

async function readStored(): Promise<Buffer | null> {
  const file = await storage().get(GENERATED_CERTIFICATE_KEY);
  if (!file) return null;
  return Buffer.from(await new Response(file.stream).arrayBuffer());
}

/** Whether the stored p12 opens with the password derived from the app secret (a changed secret does not). */
function opens(p12: Buffer | null, password: string): p12 is Buffer {
  if (!p12) return false;
  try {
    readP12(p12, password);
    return true;
  } catch {
    return false;
  }
}

/**
 * The generated certificate: read, or made once under a database lock (another process may be
 * making it). One the app secret no longer opens (the secret was changed) is kept aside under
 * `sealing/certificate-replaced-<time>.p12` and a new one is made, so sealing goes on; seals made
 * before still verify by their hash (Seal rows).
 */
async function generatedCertificate(): Promise<SealingCertificate> {
  const password = generatedPassword();
  let p12 = await readStored();
  if (!opens(p12, password)) {
    p12 = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(7317, 1)`;
        const existing = await readStored();
        if (opens(existing, password)) return existing;
        if (existing) {
          const aside = `sealing/certificate-replaced-${new Date().toISOString().replace(/[:.]/g, "-")}.p12`;
          await storage().put(aside, existing);
          console.warn(
            `[sealing] the generated sealing certificate does not open with the app secret (changed?); kept as ${aside}, made a new one`,
          );
        }
        const made = generateSealingP12(password);
        await storage().put(GENERATED_CERTIFICATE_KEY, made);
        return made;
      },
      { timeout: 30_000 },
    );
  }
  return { p12, password, source: "generated", ...readP12(p12, password) };
}

async function configuredCertificate(path: string): Promise<SealingCertificate> {
  const password = process.env.SEALING_P12_PASSWORD ?? "";
  const p12 = await readFile(path);
  return { p12, password, source: "configured", ...readP12(p12, password) };
}

const cache = globalThis as unknown as { __covenantSealingCertificate?: Promise<SealingCertificate> };

/** The sealing certificate of this installation (read once per process). Throws when a configured one cannot be read. */
export function sealingCertificate(): Promise<SealingCertificate> {
  const path = process.env.SEALING_P12_PATH;
  cache.__covenantSealingCertificate ??= (path ? configuredCertificate(path) : generatedCertificate()).catch((error) => {
    cache.__covenantSealingCertificate = undefined;
    throw error;
  });
  return cache.__covenantSealingCertificate;
}

/** Forgets the certificate read (tests; a renewed file). */
export function forgetSealingCertificate(): void {
  cache.__covenantSealingCertificate = undefined;
}

/** The certificate itself (DER bytes) of a PKCS#12 file: what a PAdES signature made with it carries. */
export function certificateDer(certificate: Pick<SealingCertificate, "p12" | "password">): Buffer {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(certificate.p12.toString("binary")));
  const pkcs12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, certificate.password);
  const cert = pkcs12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  if (!cert) throw new Error("The PKCS#12 file holds no certificate.");
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary");
}
