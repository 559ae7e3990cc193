/**
 * The seal's CMS signature as PAdES baseline B-B (ETSI EN 319 142-1, docs/sealing.md): signed
 * attributes contentType, messageDigest and ESS signing-certificate-v2 (RFC 5035), and no
 * signing-time (the time is the signature dictionary's /M, which the placeholder writes).
 *
 * node-forge's pkcs7 builds the SignedData (certificates, digest algorithms, detached content,
 * SignerInfo), but its attribute encoder only knows contentType, messageDigest and signingTime
 * (node-forge 1.4.3, pkcs7.js `_attributeToAsn1`: any other type gets no value). So forge signs
 * contentType + messageDigest, then the signing-certificate-v2 attribute is added to the
 * SignerInfo's signed attributes and the SignerInfo is signed again over the complete set
 * (RFC 5652 §5.4: the DER of the SET OF attributes), replacing forge's first signature.
 */
import { createHash, sign as rsaSign } from "node:crypto";
import forge from "node-forge";
import { Signer, SignPdfError } from "@signpdf/utils";

const { asn1 } = forge;
const T = asn1.Type;
const UNIVERSAL = asn1.Class.UNIVERSAL;
const CONTEXT = asn1.Class.CONTEXT_SPECIFIC;

export const OID = {
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
} as const;

const children = (node: forge.asn1.Asn1 | undefined) => (Array.isArray(node?.value) ? (node.value as forge.asn1.Asn1[]) : []);
const clone = (node: forge.asn1.Asn1) => asn1.fromDer(asn1.toDer(node));
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), "binary");

/** The private key of a PKCS#12 file and the certificate that goes with it (plus any others it holds: the chain). */
function readSigningP12(p12: Buffer, passphrase: string) {
  const pkcs12 = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(forge.util.createBuffer(p12.toString("binary"))), false, passphrase);
  const certificates = (pkcs12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => !!cert);
  const keyBag =
    pkcs12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    pkcs12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SignPdfError("The PKCS#12 file holds no private key.", SignPdfError.TYPE_INPUT);
  const certificate = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!certificate) throw new SignPdfError("No certificate in the PKCS#12 file matches its private key.", SignPdfError.TYPE_INPUT);
  return { key, certificate, certificates };
}

/**
 * The value of signing-certificate-v2 for `certificate`:
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, with one ESSCertIDv2 ::=
 * SEQUENCE { certHash OCTET STRING (SHA-256 of the certificate's DER; hashAlgorithm left out, as
 * its DEFAULT is sha256), issuerSerial SEQUENCE { issuer GeneralNames ([4] directoryName), serialNumber } }.
 * The issuer Name and serial are the certificate's own encodings.
 */
export function signingCertificateV2(certificate: forge.pki.Certificate): forge.asn1.Asn1 {
  const certificateAsn1 = forge.pki.certificateToAsn1(certificate);
  const certHash = createHash("sha256").update(der(certificateAsn1)).digest();
  const tbs = children(certificateAsn1)[0];
  // TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serialNumber, signature, issuer, … }
  const fields = children(tbs);
  const offset = fields[0]?.tagClass === CONTEXT && fields[0]?.type === 0 ? 1 : 0;
  const serialNumber = fields[offset];
  const issuer = fields[offset + 2];
  if (!serialNumber || !issuer) throw new SignPdfError("The sealing certificate cannot be read.", SignPdfError.TYPE_INPUT);
  return asn1.create(UNIVERSAL, T.SEQUENCE, true, [
    asn1.create(UNIVERSAL, T.SEQUENCE, true, [
      asn1.create(UNIVERSAL, T.SEQUENCE, true, [
        asn1.create(UNIVERSAL, T.OCTETSTRING, false, certHash.toString("binary")),
        asn1.create(UNIVERSAL, T.SEQUENCE, true, [
          asn1.create(UNIVERSAL, T.SEQUENCE, true, [asn1.create(CONTEXT, 4, true, [clone(issuer)])]),
          clone(serialNumber),
        ]),
      ]),
    ]),
  ]);
}

const attribute = (type: string, value: forge.asn1.Asn1) =>
  asn1.create(UNIVERSAL, T.SEQUENCE, true, [
    asn1.create(UNIVERSAL, T.OID, false, asn1.oidToDer(type).getBytes()),
    asn1.create(UNIVERSAL, T.SET, true, [value]),
  ]);

/** A detached CMS SignedData over the bytes given, signed with a PKCS#12 key as PAdES B-B. */
export class PadesSigner extends Signer {
  constructor(
    private readonly p12: Buffer,
    private readonly passphrase: string,
  ) {
    super();
  }

  /** `signingTime` is not signed (B-B forbids the attribute): the placeholder's /M carries it. */
  async sign(pdfBuffer: Buffer): Promise<Buffer> {
    if (!(pdfBuffer instanceof Buffer)) throw new SignPdfError("PDF expected as Buffer.", SignPdfError.TYPE_INPUT);
    const { key, certificate, certificates } = readSigningP12(this.p12, this.passphrase);

    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString("binary"));
    for (const cert of certificates) p7.addCertificate(cert);
    p7.addSigner({
      key,
      certificate,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.messageDigest }, // forge fills in the SHA-256 of the content
      ],
    });
    p7.sign({ detached: true });
    const contentInfo = p7.toAsn1();

    // ContentInfo → [0] → SignedData → SignerInfos (its last field) → the one SignerInfo.
    const signerInfo = children(children(children(children(contentInfo)[1])[0]).at(-1))[0];
    const fields = children(signerInfo);
    const signedAttributes = fields.find((node) => node.tagClass === CONTEXT && node.type === 0);
    const signatureValue = fields.find((node) => node.tagClass === UNIVERSAL && node.type === T.OCTETSTRING);
    if (!signedAttributes || !signatureValue) throw new SignPdfError("The CMS signature could not be built.", SignPdfError.TYPE_UNKNOWN);

    // DER orders a SET OF by its elements' encodings.
    const attributes = [...children(signedAttributes), attribute(OID.signingCertificateV2, signingCertificateV2(certificate))]
      .map((node) => ({ node, bytes: der(node) }))
      .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
      .map(({ node }) => node);
    signedAttributes.value = attributes;
    const signedBytes = der(asn1.create(UNIVERSAL, T.SET, true, attributes));
    signatureValue.value = rsaSign("sha256", signedBytes, forge.pki.privateKeyToPem(key)).toString("binary");
    return der(contentInfo);
  }
}
