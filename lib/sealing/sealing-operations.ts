import { z } from "zod";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput, uploadedFiles } from "@/lib/operations/operation";
import { resealDocument } from "./reseal-document";
import { getSealingHealth } from "./sealing-health";
import { getSealedCopyForSigner } from "./sealed-copy";
import { verifyResultSchema, verifySealedPdf } from "./verify-sealed-pdf";
import { idString } from "@/lib/validation/ids";

/**
 * Sealing's operations (issue 16; docs/sealing.md): an owner's retry of a failed sealing, a
 * signer's download of the sealed copy by their link's token, and the public check of a PDF on
 * /verify. The sealing itself is a job (lib/sealing/seal-document-job.ts).
 */
const id = idString();

export const resealDocumentOperation = defineOperation({
  name: "resealDocument",
  kind: "mutation",
  description:
    "Queues the sealing of a signed document again, after a failure (owner; ALREADY_SEALED when sealed, NOT_READY_TO_SEAL while a signer has not signed).",
  callers: ["member", "apiToken"],
  permission: "ManageDocuments",
  input: z.object({ id }).strict(),
  output: z.object({ documentId: z.string(), state: z.literal("sealing") }),
  ids: ["id"],
  run: (ctx, input) => resealDocument(ctx, input.id),
});

export const downloadSealedDocumentOperation = defineOperation({
  name: "downloadSealedDocument",
  kind: "download",
  description:
    "A signer downloads the sealed copy with their signature link's token (the `signed` header or query parameter), if the sender allowed downloads; before the seal, a signer who has signed gets the document as they signed it; audited.",
  callers: ["signer"],
  // The token travels in the query string of the emailed link; buildContext has read it already.
  input: z.object({ signed: z.string().max(4000).optional() }).strict(),
  output: fileOutput,
  run: async (ctx) => fileResponse(await getSealedCopyForSigner(ctx)),
});

export const verifySealedPdfOperation = defineOperation({
  name: "verifySealedPdf",
  kind: "upload",
  description:
    "Anyone checks a PDF: sealed by this app (workspace, date, signers), changed after sealing, or not sealed here. Checked by content; nothing kept; rate-limited per IP.",
  callers: ["anyone"],
  upload: { maxFiles: 1 },
  input: z.object({ files: uploadedFiles.min(1).max(1) }).strict(),
  output: verifyResultSchema,
  run: (ctx, input) => verifySealedPdf(ctx, input.files[0]!),
});

const sealingProblem = z.enum([
  "certificateUnreadable",
  "certificateExpired",
  "certificateNotYetValid",
  "tsaUnreachable",
  "converterMissing",
]);

export const sealingCertificateSchema = z
  .object({ source: z.enum(["configured", "generated"]), subject: z.string(), notAfter: z.string(), fingerprint: z.string() })
  .describe("The certificate that seals signed documents (never its key).");
export const sealingTsaSchema = z
  .object({ host: z.string(), ok: z.boolean() })
  .describe("The time-stamping authority (TSA_URL): its host and whether it granted a timestamp.");
export const sealingHealthSchema = z
  .object({
    ok: z.boolean(),
    checkedAt: z.string(),
    problems: z.array(sealingProblem),
    expiresSoon: z.boolean(),
    certificate: sealingCertificateSchema.nullable(),
    tsa: sealingTsaSchema.nullable(),
    detail: z.string().nullable(),
  })
  .describe("Whether sealing can work on this installation.");

export const sealingHealthOperation = defineOperation({
  name: "sealingHealth",
  kind: "query",
  description:
    "Whether sealing can work: the sealing certificate opens and is valid, the time-stamping authority (TSA_URL) answers, and (for a workspace with Word documents or templates) LibreOffice is installed to turn them into PDF (converterMissing otherwise: PDFs are still sealed). Checked at most every 5 minutes; `refresh` checks now and `detail` says why, for those who manage the workspace.",
  callers: ["member"],
  input: z.object({ refresh: z.boolean().optional() }).strict(),
  output: sealingHealthSchema,
  run: (ctx, input) => getSealingHealth(ctx, input),
});

export const sealingOperations = [
  resealDocumentOperation,
  downloadSealedDocumentOperation,
  verifySealedPdfOperation,
  sealingHealthOperation,
];
