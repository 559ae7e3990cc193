import { createHash } from "node:crypto";
import { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { detectType } from "@/lib/files/detect-type";
import { assertUploadSize, fileTypeNotAllowed, type UploadedFile } from "@/lib/files/upload-limits";
import { takeAttempts, type Throttle } from "@/lib/auth/throttle";
import { certificateDer, sealingCertificate } from "./sealing-certificate";

/** Checks per IP address (or, without a known one, for everyone together) in 15 minutes before a 15-minute pause. */
export const VERIFY_LIMITS = { perIp: 30, anonymous: 300 } as const;

const VERIFY_PER_IP: Throttle = { prefix: "verify-ip", limit: VERIFY_LIMITS.perIp, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** Every caller whose IP is not known, together. */
const VERIFY_ANONYMOUS: Throttle = {
  prefix: "verify-anonymous",
  limit: VERIFY_LIMITS.anonymous,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};

export const verifyResultSchema = z.object({
  /** sealed: this app sealed exactly these bytes; modified: sealed here, then changed; notSealed: neither. */
  result: z.enum(["sealed", "modified", "notSealed"]),
  workspace: z.string().nullable(),
  sealedAt: z.date().nullable(),
  signers: z.array(z.string()),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/**
 * The signature dictionaries' contents (the CMS blobs, as bytes) of a PDF: each `/ByteRange`
 * leaves out exactly the `<hex>` of its `/Contents`. Unreadable ranges are skipped.
 */
export function pdfSignatureContents(bytes: Uint8Array): Buffer[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const found: Buffer[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const [start, length, next] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (start !== 0 || next <= length || next > text.length) continue;
    const hex = text.slice(length, next).replace(/^</, "").replace(/>$/, "").replace(/\s+/g, "");
    if (/^[0-9a-fA-F]+$/.test(hex) && hex.length % 2 === 0) found.push(Buffer.from(hex, "hex"));
  }
  return found;
}

/**
 * The public check of a PDF (issue 16, /verify; callers anyone): `sealed` when its SHA-256 is a
 * Seal's (answering the workspace, the date and the signers), `modified` when it carries a
 * signature made with this installation's sealing certificate but its bytes are no seal's (it
 * changed after sealing), else `notSealed`. The file is checked by its content (a PDF, within the
 * upload limit) and nothing of it is kept. Checks are counted per IP address
 * (TOO_MANY_ATTEMPTS past VERIFY_LIMITS).
 */
export async function verifySealedPdf(ctx: ServiceContext, file: UploadedFile): Promise<VerifyResult> {
  await takeAttempts([ctx.ip ? { throttle: VERIFY_PER_IP, id: ctx.ip } : { throttle: VERIFY_ANONYMOUS, id: "all" }]);
  assertUploadSize(file);
  if (detectType(file.bytes)?.mime !== "application/pdf") throw fileTypeNotAllowed();
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const seal = await db.seal.findUnique({
    where: { sha256 },
    select: { sealedAt: true, signers: true, document: { select: { account: { select: { name: true } } } } },
  });
  if (seal) {
    const signers = (Array.isArray(seal.signers) ? seal.signers : []) as { name?: string; email?: string }[];
    return {
      result: "sealed",
      workspace: seal.document.account.name,
      sealedAt: seal.sealedAt,
      signers: signers.map((s) => s.name || s.email || "").filter(Boolean),
    };
  }
  const contents = pdfSignatureContents(file.bytes);
  if (contents.length > 0) {
    const ours = certificateDer(await sealingCertificate());
    if (contents.some((cms) => cms.includes(ours))) return { result: "modified", workspace: null, sealedAt: null, signers: [] };
  }
  return { result: "notSealed", workspace: null, sealedAt: null, signers: [] };
}
