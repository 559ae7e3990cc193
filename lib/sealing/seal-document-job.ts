import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { sealDocument } from "./seal-document";
import { idString } from "@/lib/validation/ids";

/**
 * Seals a document once its last signer has signed (issue 16): a durable job, retried after a
 * failure or a crash, run once across app processes. The signature service enqueues it
 * (`enqueue(sealDocumentJob, { documentId })`) after the last signature commits.
 */
export const sealDocumentJob = defineJob({
  name: "sealDocument",
  description: "Seals a signed document: certificate-of-completion page, PAdES signature, sealed copy to everyone.",
  input: z.object({ documentId: idString() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  run: (ctx, input, attempt) => sealDocument(ctx, input.documentId, attempt),
});
