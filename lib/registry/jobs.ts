import { billingRenewalsJob } from "@/lib/billing/local-renewals";
import { billingWebhookJob } from "@/lib/billing/webhook-job";
import { emailDeliveryJob } from "@/lib/email/email-delivery-job";
import { documentExpiryJob } from "@/lib/documents/document-expiry";
import type { JobDefinition } from "@/lib/jobs/job";
import { pdfTextBackfillJob } from "@/lib/documents/pdf-text-backfill";
import { sealDocumentJob } from "@/lib/sealing/seal-document-job";
import { remindersJob } from "@/lib/reminders/reminders-job";
import { signatureRemindersJob } from "@/lib/reminders/signature-reminders-job";
import { replacedTemplateFileJob } from "@/lib/templates/replaced-file-job";

/** Every declared job: the queue creates their queues, schedules and workers (lib/jobs/queue.ts). */
export const JOBS: readonly JobDefinition[] = [
  documentExpiryJob,
  pdfTextBackfillJob,
  emailDeliveryJob,
  sealDocumentJob,
  remindersJob,
  signatureRemindersJob,
  billingWebhookJob,
  billingRenewalsJob,
  replacedTemplateFileJob,
] as readonly JobDefinition[];
