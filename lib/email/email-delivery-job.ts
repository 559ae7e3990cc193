import nodemailer from "nodemailer";
import { z } from "zod";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/job";
import { clip } from "@/lib/text/clip";

let transport: nodemailer.Transporter | undefined;
let transportUrl: string | undefined;

/** One SMTP transport per address (a changed SMTP_URL, as in tests, gets a new one). */
function smtpTransport(url: string): nodemailer.Transporter {
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url);
    transportUrl = url;
  }
  return transport;
}

/** Appends one entry to an email's history and sets the given fields, in one statement. */
async function track(
  emailId: string,
  status: string,
  detail: string | null,
  fields: { sent?: boolean; failed?: boolean; error?: string | null },
) {
  const at = new Date();
  const entry = detail ? { at: at.toISOString(), status, detail } : { at: at.toISOString(), status };
  await db.$executeRaw`
    UPDATE "OutboxEmail" SET
      "status" = ${status === "retrying" ? "queued" : status},
      "attempts" = "attempts" + 1,
      "sentAt" = CASE WHEN ${Boolean(fields.sent)} THEN ${at} ELSE "sentAt" END,
      "deliveredAt" = CASE WHEN ${Boolean(fields.sent)} THEN ${at} ELSE "deliveredAt" END,
      "failedAt" = CASE WHEN ${Boolean(fields.failed)} THEN ${at} ELSE "failedAt" END,
      "error" = ${fields.error ?? null},
      "history" = "history" || jsonb_build_array(${JSON.stringify(entry)}::jsonb)
    WHERE "id" = ${emailId}`;
}

/**
 * Sends one stored email through SMTP_URL. Accepted by the server: `sent` (sentAt, and
 * deliveredAt: the server took it for delivery; no mailbox tells us more). Refused or
 * unreachable: the attempt goes into the history and the queue tries again later; after the
 * last attempt the email is `failed` (failedAt, error). An email already sent is not sent again.
 */
export const emailDeliveryJob = defineJob({
  name: "emailDelivery",
  description: "Sends a stored email through SMTP, with retries, and records the outcome.",
  input: z.object({ emailId: z.string().min(1) }),
  retryLimit: 4,
  retryDelaySeconds: 30,
  // Up to 10 emails at once per worker process: one slow SMTP answer no longer holds the others.
  batchSize: 10,
  run: async (_ctx, { emailId }, attempt) => {
    const email = await db.outboxEmail.findUnique({
      where: { id: emailId },
      select: { to: true, subject: true, text: true, html: true, status: true },
    });
    if (!email || email.status === "sent" || email.status === "failed") return { skipped: true };
    const url = process.env.SMTP_URL;
    try {
      if (!url) throw new Error("SMTP_URL is not set in the process that delivers email.");
      await smtpTransport(url).sendMail({
        from: process.env.EMAIL_FROM ?? "no-reply@localhost",
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    } catch (error) {
      const message = clip(String(error), 1000);
      await track(emailId, attempt.last ? "failed" : "retrying", `attempt ${attempt.number}: ${message}`, {
        failed: attempt.last,
        error: message,
      });
      if (attempt.last) {
        console.error(`[email] gave up on email ${emailId} after ${attempt.number} attempts`, error);
        return { failed: true };
      }
      throw error;
    }
    await track(emailId, "sent", null, { sent: true });
    return { sent: true };
  },
});
