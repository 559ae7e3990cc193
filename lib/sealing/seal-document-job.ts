import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { isConverterMissing, sealDocument } from "./seal-document";
import { idString } from "@/lib/validation/ids";

/**
 * Seals a document once its last signer has signed (issue 16): a durable job, retried after a
 * failure or a crash, run once across app processes. The signature service enqueues it
 * (`enqueue(sealDocumentJob, { documentId })`) after the last signature commits.
 * A failure no retry can change, a Word version on a server without LibreOffice (issue 39), ends
 * the job at once: sealDocument has recorded it as final (the document says sealing failed, and
 * why), so the run returns rather than throws and the queue does not retry it. An owner queues it
 * again once LibreOffice is installed (resealDocument).
 */
export const sealDocumentJob = defineJob({
  name: "sealDocument",
  description: "Seals a signed document: certificate-of-completion page, PAdES signature, sealed copy to everyone.",
  input: z.object({ documentId: idString() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  run: async (ctx, input, attempt) => {
    try {
      return await sealDocument(ctx, input.documentId, attempt);
    } catch (error) {
      if (!isConverterMissing(error)) throw error;
      console.warn(`[sealing] ${input.documentId} cannot be sealed for good: ${error.message}`);
      return { sealed: false, failed: error.reason };
    }
  },
});
