/**
 * SECURITY-CRITICAL. A signer's own certificate (allowCertificate): their .p12 is opened with
 * their password in memory, never stored, and used once to sign a detached CMS over the
 * document's current file hash and the signature's id, so that the signature proves possession
 * of the key. Only the certificate's subject, issuer, serial and expiry are kept.
 */
import forge from "node-forge";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/** A .p12 larger than this is not a signer's certificate. */
export const MAX_P12_BYTES = 64 * 1024;

export type SignerCertificate = { subject: string; issuer: string; serial: string; validTo: string };

const invalid = () =>
  new AppError(AppErrorCode.CERTIFICATE_INVALID, {
    message: "The certificate file is damaged or is not a .p12 (PKCS#12) file.",
    params: { fields: "certificate" },
  });
const wrongPassword = () =>
  new AppError(AppErrorCode.CERTIFICATE_PASSWORD_WRONG, {
    message: "The password does not open this certificate file.",
    params: { fields: "password" },
  });

const distinguishedName = (attributes: forge.pki.CertificateField[]) =>
  attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(", ");

/** Opens a .p12 with its password: CERTIFICATE_INVALID when it is not one, CERTIFICATE_PASSWORD_WRONG when the password does not fit. */
export function openP12(bytes: Uint8Array, password: string) {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_P12_BYTES) throw invalid();
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString("binary")));
  } catch {
    throw invalid();
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says "Invalid password?" when the MAC does not verify; anything else is a broken file.
    if (error instanceof Error && /password/i.test(error.message)) throw wrongPassword();
    throw invalid();
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificate = certBags.find((bag) => bag.cert)?.cert;
  if (!key || !certificate) throw invalid();
  return { key, certificate };
}

/** What is kept of the certificate: who it names, who issued it, its serial and expiry. */
export function describeCertificate(certificate: forge.pki.Certificate): SignerCertificate {
  return {
    subject: distinguishedName(certificate.subject.attributes),
    issuer: distinguishedName(certificate.issuer.attributes),
    serial: certificate.serialNumber,
    validTo: certificate.validity.notAfter.toISOString(),
  };
}

/** The text a signer's key signs: the document file's SHA-256 and the signature's id. */
export const signedStatement = (documentSha256: string, signatureId: string) => `${documentSha256}:${signatureId}`;

/** A detached CMS (PKCS#7 SignedData, SHA-256) over the statement, base64 DER. */
export function signStatement(key: forge.pki.rsa.PrivateKey, certificate: forge.pki.Certificate, statement: string): string {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(statement, "utf8");
  p7.addCertificate(certificate);
  p7.addSigner({
    key,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: new Date() as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), "binary").toString("base64");
}

/** Opens the .p12 and signs the statement: the certificate's description and the CMS. */
export function signWithP12(bytes: Uint8Array, password: string, documentSha256: string, signatureId: string) {
  const { key, certificate } = openP12(bytes, password);
  return {
    certificate: describeCertificate(certificate),
    cms: signStatement(key, certificate, signedStatement(documentSha256, signatureId)),
  };
}
