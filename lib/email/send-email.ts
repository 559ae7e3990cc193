import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueue, prepareJobs } from "@/lib/jobs/queue";
import { emailDeliveryJob } from "./email-delivery-job";
import { withOpenTracking } from "./email-open";
import { getTranslator } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";

/**
 * `documentShared`: a personal share link for someone outside the workspace (lib/documents/share-with-person.ts).
 * `approvalRequest`, `approvalDecided`: lib/approvals/approval-emails.ts.
 * `signatureRequest` / `signatureCompleted`: a signer's link, and the owner's news that all signed (lib/signatures/signature-emails.ts).
 * `reminder`: a document's reminder (lib/reminders), with the way in the contact has (the page for a member, their own
 * signing or review link for someone outside); `reminderInfo`: the same for someone outside with no such link, without a
 * button; `signatureReminder`: a reminder to a signer (automatic or Remind now), with the link of their request.
 */
export type EmailTemplate =
  | "verifyEmail"
  | "resetPassword"
  | "magicLink"
  | "invitation"
  | "documentShared"
  | "approvalRequest"
  | "approvalDecided"
  | "reminder"
  | "reminderInfo"
  | "signatureReminder"
  | "signatureRequest"
  | "signatureCompleted"
  | "signatureDeclined"
  | "signatureWithdrawn";

export type SendEmailInput = {
  to: string;
  template: EmailTemplate;
  locale: Locale;
  /** The button's address (the app's, for a template without a button). */
  url: string;
  /** Values for the template texts ({name}, {account}, {minutes}, ...). */
  params?: Record<string, string | number>;
  /** The sender's own subject, in place of the template's. */
  subject?: string;
  /** The sender's own words, added after the body (the template's `note` text frames them, with {note}). */
  note?: string;
};

/** The public address of the app, used in links sent by email. */
export function appUrl(): string {
  const raw = process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? "http://localhost:3000";
  return new URL(raw).origin;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The one email layout: heading, an optional code in large type, a paragraph, a button to
 * `url`, the address spelled out, and a footer; as text and as HTML with every value escaped.
 */
export function layoutEmail(input: {
  locale: Locale;
  subject: string;
  heading: string;
  body: string;
  /** The call to action and where it leads; none for an email that only informs. */
  button: string | null;
  url: string;
  footer: string;
  code?: string;
}) {
  const subject = input.subject.replace(/[\r\n]+/g, " ");
  const code = input.code ? `${input.code}\n\n` : "";
  const action = input.button ? `${input.button}: ${input.url}\n\n` : "";
  const text = `${input.heading}\n\n${code}${input.body}\n\n${action}${input.footer}\n`;
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;color:#18181b">${escapeHtml(input.heading)}</h1>
${input.code ? `<p data-testid="email-code" style="font-size:32px;font-weight:700;letter-spacing:6px;color:#18181b">${escapeHtml(input.code)}</p>\n` : ""}<p style="color:#3f3f46;line-height:1.5">${escapeHtml(input.body)}</p>
${
  input.button
    ? `<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(input.button)}</a></p>
<p style="color:#71717a;font-size:12px;word-break:break-all">${escapeHtml(input.url)}</p>
`
    : ""
}<p style="color:#71717a;font-size:12px">${escapeHtml(input.footer)}</p>
</div></body></html>`;
  return { subject, text, html };
}

/** The sender's note, framed by the template's `note` text when it has one ("Ana wrote: “…”"). */
function noteText(t: ReturnType<typeof getTranslator>, key: string, params: Record<string, string | number>, note: string) {
  const framed = `${key}.note`;
  return t.has(framed as never) ? t(framed as never, { ...params, note } as never) : note;
}

export function renderEmail(input: SendEmailInput) {
  const t = getTranslator(input.locale);
  const params = { name: "", minutes: 60, ...input.params };
  const key = `emails.${input.template}` as const;
  return layoutEmail({
    locale: input.locale,
    subject: input.subject?.trim() || t(`${key}.subject`, params),
    heading: t(`${key}.heading`, params),
    body: t(`${key}.body`, params) + (input.note?.trim() ? `\n\n${noteText(t, key, params, input.note.trim())}` : ""),
    // A template without a button only informs (a request withdrawn).
    button: t.has(`${key}.button` as never) ? t(`${key}.button` as never, params as never) : null,
    url: input.url,
    // A template may say why this person gets it (someone outside the workspace); else the common footer.
    footer: t.has(`${key}.footer` as never) ? t(`${key}.footer` as never, params as never) : t("emails.footer"),
  });
}

export type RenderedEmail = { to: string; template: string; locale: Locale; subject: string; text: string; html: string };

/** A Prisma interactive transaction: an email stored through it, and its delivery job, commit with the change it reports. */
export type EmailTransaction = Pick<Prisma.TransactionClient, "outboxEmail" | "$queryRawUnsafe">;

/**
 * Delivers a rendered email. Without SMTP_URL it is kept in the OutboxEmail table (status
 * `outbox`; a developer reads it at /dev/outbox). With SMTP_URL it is stored `queued`, with a
 * tracking image, and a durable job sends it (lib/email/email-delivery-job.ts): retried when
 * the server fails, recorded as sent or failed, whichever app process picks it up.
 *
 * With `tx` the row and its delivery job are written in that transaction (issue 37): the email
 * exists, and will be sent, exactly when the change it reports commits; a process that dies
 * after the commit loses nothing. On the embedded database call `prepareEmailDelivery()` before
 * the transaction.
 */
export async function deliverEmail(
  email: RenderedEmail,
  about: { accountId?: string; documentId?: string } = {},
  options: { tx?: EmailTransaction } = {},
): Promise<{ id: string }> {
  const stored = await storeEmail(options.tx ?? db, email, about);
  await dispatchEmails([stored], options.tx);
  return { id: stored.id };
}

export type StoredEmail = { id: string; queued: boolean };

/**
 * Stores a rendered email as deliverEmail does, through the given client, without its delivery
 * job: `dispatchEmails` hands it over, in the same transaction (`tx`) or after the commit.
 */
export async function storeEmail(
  client: Pick<Prisma.TransactionClient, "outboxEmail">,
  email: RenderedEmail,
  about: { accountId?: string; documentId?: string } = {},
): Promise<StoredEmail> {
  const smtp = Boolean(process.env.SMTP_URL);
  const id = randomUUID();
  const now = new Date();
  await client.outboxEmail.create({
    data: {
      id,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: smtp ? withOpenTracking(email.html, id, appUrl()) : email.html,
      template: email.template,
      locale: email.locale,
      transport: smtp ? "smtp" : "outbox",
      status: smtp ? "queued" : "outbox",
      history: [{ at: now.toISOString(), status: smtp ? "queued" : "outbox" }],
      accountId: about.accountId ?? null,
      documentId: about.documentId ?? null,
    },
    select: { id: true },
  });
  return { id, queued: smtp };
}

/**
 * Hands stored emails to the delivery job (those kept in the outbox need nothing): with `tx`,
 * their jobs are written in that transaction, beside the rows.
 */
export async function dispatchEmails(emails: readonly StoredEmail[], tx?: EmailTransaction): Promise<void> {
  const queued = emails.filter((email) => email.queued);
  if (!queued.length) return;
  for (const email of queued) await enqueue(emailDeliveryJob, { emailId: email.id }, { tx });
}

/**
 * Gets the job queue ready for a transaction that will store emails with their delivery jobs
 * (`{ tx }`): on the embedded database the queue cannot be opened from inside a transaction.
 * Nothing to do when no SMTP server is configured (emails stay in the outbox).
 */
export async function prepareEmailDelivery(): Promise<void> {
  if (!process.env.SMTP_URL) return;
  await prepareJobs();
}

/** Renders one of the `emails.*` templates in the recipient's language and delivers it (with `tx`, in that transaction). */
export async function sendEmail(input: SendEmailInput, options: { tx?: EmailTransaction } = {}): Promise<{ id: string }> {
  return deliverEmail({ to: input.to, template: input.template, locale: input.locale, ...renderEmail(input) }, {}, options);
}
