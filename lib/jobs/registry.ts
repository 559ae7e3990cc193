import { emailDeliveryJob } from "@/lib/email/email-delivery-job";
import { documentExpiryJob } from "./document-expiry";
import type { JobDefinition } from "./job";
import { pdfTextBackfillJob } from "./pdf-text-backfill";
import { sealDocumentJob } from "@/lib/sealing/seal-document-job";

/** Every declared job: the queue creates their queues, schedules and workers (lib/jobs/queue.ts). */
export const JOBS: readonly JobDefinition[] = [
  documentExpiryJob,
  pdfTextBackfillJob,
  emailDeliveryJob,
  // The signature service enqueues it when the last signer signs (lib/signatures/sign-document.ts).
  sealDocumentJob,
] as readonly JobDefinition[];
