import type { JobDefinition } from "@/lib/jobs/job";
import { sealDocumentJob } from "@/lib/sealing/seal-document-job";

/**
 * The sealing job under a queue name of the test's own (no other test's jobs reach it), with a
 * short expiry so that a run whose process died is retried within the test rather than after ten
 * minutes. Everything else is the declared job's: its input, its retries, its service.
 */
export const crashTestJob = (name: string) =>
  ({ ...sealDocumentJob, name, expireInSeconds: 3, retryDelaySeconds: 1 }) as unknown as JobDefinition;
