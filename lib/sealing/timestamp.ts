/**
 * Trusted timestamps (RFC 3161) for sealed PDFs (issue 16): when TSA_URL names a time-stamping
 * authority, the seal's CMS signature gets the authority's token over its signature value as the
 * unsigned attribute signatureTimeStampToken (RFC 5652 / ETSI EN 319 122, what PAdES B-T asks).
 * A reader then knows the seal existed at that time even after the sealing certificate expires.
 * Without TSA_URL nothing changes. docs/sealing.md.
 */
import { createHash, randomBytes } from "node:crypto";
import forge from "node-forge";

const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
};

const { asn1 } = forge;
const T = asn1.Type;
const UNIVERSAL = asn1.Class.UNIVERSAL;
const CONTEXT = asn1.Class.CONTEXT_SPECIFIC;

/** How long one request to the authority may take. */
export const TSA_TIMEOUT_MS = 10_000;

export class TimestampError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TimestampError";
  }
}

export function tsaUrl(): string | null {
  const url = process.env.TSA_URL?.trim();
  return url ? url : null;
}

export type Timestamp = {
  /** The TimeStampToken (a CMS ContentInfo), DER. */
  token: Buffer;
  /** genTime of the token: when the authority saw the hash. */
  time: Date;
};

const bytesOf = (binary: string) => Buffer.from(binary, "binary");
/** Parses DER, ignoring what follows the first value (a PDF's /Contents is padded with zeros). */
const parseDer = (binary: string) =>
  (asn1.fromDer as unknown as (bytes: string, options: { parseAllBytes: boolean }) => forge.asn1.Asn1)(binary, { parseAllBytes: false });
const binaryOf = (bytes: Uint8Array) => Buffer.from(bytes).toString("binary");
const children = (node: forge.asn1.Asn1 | undefined) => (Array.isArray(node?.value) ? (node.value as forge.asn1.Asn1[]) : []);

/** A TimeStampReq for the SHA-256 `digest`, with a nonce and asking for the authority's certificate. */
export function timestampRequest(digest: Buffer, nonce: Buffer): Buffer {
  const request = asn1.create(UNIVERSAL, T.SEQUENCE, true, [
    asn1.create(UNIVERSAL, T.INTEGER, false, asn1.integerToDer(1).getBytes()),
    asn1.create(UNIVERSAL, T.SEQUENCE, true, [
      asn1.create(UNIVERSAL, T.SEQUENCE, true, [
        asn1.create(UNIVERSAL, T.OID, false, asn1.oidToDer(OID.sha256).getBytes()),
        asn1.create(UNIVERSAL, T.NULL, false, ""),
      ]),
      asn1.create(UNIVERSAL, T.OCTETSTRING, false, binaryOf(digest)),
    ]),
    asn1.create(UNIVERSAL, T.INTEGER, false, binaryOf(nonce)),
    asn1.create(UNIVERSAL, T.BOOLEAN, false, String.fromCharCode(0xff)),
  ]);
  return bytesOf(asn1.toDer(request).getBytes());
}

/** The TSTInfo inside a token: its message imprint, nonce and time. */
function readTstInfo(token: forge.asn1.Asn1): { digest: Buffer; nonce: Buffer | null; time: Date } {
  const [contentType, explicitContent] = children(token);
  if (!contentType || asn1.derToOid(contentType.value as string) !== OID.signedData)
    throw new TimestampError("The token is no CMS SignedData.");
  const signedData = children(explicitContent)[0];
  const encapsulated = children(signedData)[2];
  const [eContentType, eContent] = children(encapsulated);
  if (!eContentType || asn1.derToOid(eContentType.value as string) !== OID.tstInfo) throw new TimestampError("The token holds no TSTInfo.");
  const octets = children(eContent)[0];
  const raw = Array.isArray(octets?.value)
    ? children(octets)
        .map((part) => part.value as string)
        .join("")
    : (octets?.value as string);
  const info = children(asn1.fromDer(raw));
  // version, policy, messageImprint, serialNumber, genTime, then optional accuracy, ordering, nonce, …
  const imprint = children(info[2]);
  const digest = bytesOf(imprint[1]?.value as string);
  const time = asn1.generalizedTimeToDate(info[4]?.value as string);
  const nonceNode = info.slice(5).find((node) => node.tagClass === UNIVERSAL && node.type === T.INTEGER);
  return { digest, nonce: nonceNode ? bytesOf(nonceNode.value as string) : null, time };
}

/** Strips the sign byte DER adds in front of a positive integer whose top bit is set. */
const unsigned = (bytes: Buffer) => (bytes.length > 1 && bytes[0] === 0 ? bytes.subarray(1) : bytes);

/**
 * Asks the authority at `url` to timestamp `digest` (SHA-256). Answers the token when the
 * authority granted it for this very digest and nonce; TimestampError otherwise (unreachable,
 * refused, or a reply for something else).
 */
export async function requestTimestamp(url: string, digest: Buffer, fetcher: typeof fetch = fetch): Promise<Timestamp> {
  const nonce = randomBytes(8);
  nonce[0] &= 0x7f; // a positive INTEGER
  let body: Buffer;
  try {
    const response = await fetcher(url, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
      body: new Uint8Array(timestampRequest(digest, nonce)),
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    });
    if (!response.ok) throw new TimestampError(`The time-stamping authority answered HTTP ${response.status}.`);
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    throw new TimestampError(`The time-stamping authority cannot be reached (${error instanceof Error ? error.message : String(error)}).`);
  }
  let reply: forge.asn1.Asn1;
  try {
    reply = asn1.fromDer(binaryOf(body));
  } catch {
    throw new TimestampError("The time-stamping authority's reply is not a TimeStampResp.");
  }
  const [status, token] = children(reply);
  const code = asn1.derToInteger((children(status)[0]?.value as string) ?? "");
  if (code !== 0 && code !== 1) throw new TimestampError(`The time-stamping authority refused the request (status ${code}).`);
  if (!token) throw new TimestampError("The time-stamping authority's reply holds no token.");
  const info = readTstInfo(token);
  if (!info.digest.equals(digest)) throw new TimestampError("The timestamp is for another hash.");
  if (info.nonce && !unsigned(info.nonce).equals(unsigned(nonce))) throw new TimestampError("The timestamp answers another request.");
  return { token: bytesOf(asn1.toDer(token).getBytes()), time: info.time };
}

/** The SignerInfo of a detached CMS signature made by one signer, and its signature value. */
function signerInfoOf(contentInfo: forge.asn1.Asn1) {
  const signedData = children(children(contentInfo)[1])[0];
  const signerInfos = children(signedData).at(-1);
  const signerInfo = children(signerInfos)[0];
  const signature = children(signerInfo).find((node) => node.tagClass === UNIVERSAL && node.type === T.OCTETSTRING);
  if (!signerInfo || !signature) throw new TimestampError("The CMS signature holds no SignerInfo.");
  return { signerInfo, signature: bytesOf(signature.value as string) };
}

/**
 * Adds a timestamp of its signature value to a CMS SignedData (DER) as the unsigned attribute
 * signatureTimeStampToken. The signed part is untouched, so the signature stays valid.
 */
export async function timestampCms(cms: Buffer, url: string, fetcher?: typeof fetch): Promise<{ cms: Buffer; time: Date }> {
  const contentInfo = parseDer(binaryOf(cms));
  const { signerInfo, signature } = signerInfoOf(contentInfo);
  const stamp = await requestTimestamp(url, createHash("sha256").update(signature).digest(), fetcher);
  const attribute = asn1.create(UNIVERSAL, T.SEQUENCE, true, [
    asn1.create(UNIVERSAL, T.OID, false, asn1.oidToDer(OID.signatureTimeStampToken).getBytes()),
    asn1.create(UNIVERSAL, T.SET, true, [asn1.fromDer(binaryOf(stamp.token))]),
  ]);
  (signerInfo.value as forge.asn1.Asn1[]).push(asn1.create(CONTEXT, 1, true, [attribute]));
  return { cms: bytesOf(asn1.toDer(contentInfo).getBytes()), time: stamp.time };
}

/** The signatureTimeStampToken of a CMS signature (DER), or null when it has none. */
export function cmsTimestampToken(cms: Buffer): Buffer | null {
  const { signerInfo } = signerInfoOf(parseDer(binaryOf(cms)));
  const unsignedAttributes = children(signerInfo).find((node) => node.tagClass === CONTEXT && node.type === 1);
  for (const attribute of children(unsignedAttributes)) {
    const [type, values] = children(attribute);
    if (type && asn1.derToOid(type.value as string) === OID.signatureTimeStampToken) {
      return bytesOf(asn1.toDer(children(values)[0]).getBytes());
    }
  }
  return null;
}

/** The signature value of a CMS signature (DER): what its timestamp dates. */
export function cmsSignatureValue(cms: Buffer): Buffer {
  return signerInfoOf(parseDer(binaryOf(cms))).signature;
}

/** genTime of a token (DER). */
export function timestampTime(token: Buffer): Date {
  return readTstInfo(asn1.fromDer(binaryOf(token))).time;
}
