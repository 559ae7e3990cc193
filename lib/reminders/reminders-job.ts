import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { appUrl, dispatchEmails, prepareEmailDelivery, renderEmail, storeEmail, type StoredEmail } from "@/lib/email/send-email";
import { matchLocale, type Locale } from "@/lib/i18n/locales";
import { defineJob } from "@/lib/jobs/job";
import { approvalLink } from "@/lib/approvals/approval-emails";
import { approvalMetadataOf } from "@/lib/approvals/schemas";
import { signerTurns } from "@/lib/signatures/signing-turn";
import { signingSettingsOf } from "@/lib/signatures/signature-view";
import type { StoredContact } from "./reminder-schemas";
import { heldLink, heldSigningLink } from "./signer-reminder";

/** Reminders sent per transaction: a short hold on each batch's rows. */
const BATCH_SIZE = 50;

type Due = Prisma.ReminderGetPayload<{ include: { document: { select: { id: true; name: true } } } }>;

/** Each contact's language: their own when they have an account, else the language of who set the reminder. */
async function contactLocales(tx: Prisma.TransactionClient, rows: Due[]): Promise<(email: string, row: Due) => Locale> {
  const emails = rows.flatMap((row) => (row.contacts as StoredContact[]).map((c) => c.email));
  const creators = rows.map((row) => row.createdById).filter((id): id is string => !!id);
  const users = await tx.user.findMany({
    where: { OR: [{ email: { in: emails } }, { id: { in: creators } }] },
    select: { id: true, email: true, language: true },
  });
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), matchLocale(u.language)]));
  const byId = new Map(users.map((u) => [u.id, matchLocale(u.language)]));
  return (email, row) => byEmail.get(email) ?? (row.createdById ? byId.get(row.createdById) : null) ?? "en";
}

/** How a contact gets to the document: a member opens it in the app; a signer or reviewer by the link they already hold; anyone else only reads. */
type Way = { template: "reminder" | "reminderInfo"; url: string };

/**
 * The way in for each contact of the batch's reminders (docs/reminders.md). A member of the
 * reminder's workspace: the document's page (they sign in). Someone outside it who is asked to
 * sign the document now (requested, in turn, while it waits for signatures): their signing link,
 * the very token of their request email (unexpired), so it opens without an account. Someone outside asked to
 * review it (a pending approval): their review link, likewise. Anyone else outside: the
 * `reminderInfo` email, which says what the reminder is about with no button, never a link to a
 * page that asks them to sign in.
 */
async function contactWays(tx: Prisma.TransactionClient, rows: Due[]): Promise<(email: string, row: Due) => Way> {
  const emails = [...new Set(rows.flatMap((row) => (row.contacts as StoredContact[]).map((c) => c.email.toLowerCase())))];
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const documentIds = [...new Set(rows.map((r) => r.documentId).filter((id): id is string => !!id))];
  const members = await tx.user.findMany({
    where: { email: { in: emails }, deleted: false, policies: { some: { accountId: { in: accountIds }, status: "active" } } },
    select: { email: true, policies: { where: { accountId: { in: accountIds }, status: "active" }, select: { accountId: true } } },
  });
  const memberOf = new Set(members.flatMap((m) => m.policies.map((p) => `${p.accountId}|${m.email.toLowerCase()}`)));
  const documents = documentIds.length
    ? await tx.document.findMany({ where: { id: { in: documentIds } }, select: { id: true, status: true, settings: true } })
    : [];
  const signers = documentIds.length ? await tx.signature.findMany({ where: { documentId: { in: documentIds } } }) : [];
  const approvals = documentIds.length
    ? await tx.approval.findMany({
        where: { documentId: { in: documentIds }, email: { in: emails }, requestedAt: { not: null }, approvedAt: null, rejectedAt: null },
      })
    : [];
  const signerLinks = new Map<string, string>();
  for (const document of documents) {
    if (document.status !== "toSign" && document.status !== "signing") continue;
    const own = signers.filter((s) => s.documentId === document.id);
    for (const signer of signerTurns.whoseTurn(own, signingSettingsOf(document.settings).signProcess)) {
      if (!signer.requestedAt || !emails.includes(signer.email.toLowerCase())) continue;
      const link = await heldSigningLink(tx, signer);
      if (!link.expired) signerLinks.set(`${document.id}|${signer.email.toLowerCase()}`, link.url);
    }
  }
  const reviewLinks = new Map<string, string>();
  for (const approval of approvals) {
    if (approvalMetadataOf(approval.metadata).cancelledAt) continue;
    const link = await heldLink(tx, "approval", approval, () => approvalLink(approval));
    if (!link.expired) reviewLinks.set(`${approval.documentId}|${approval.email.toLowerCase()}`, link.url);
  }
  return (email, row) => {
    const address = email.toLowerCase();
    if (row.documentId && memberOf.has(`${row.accountId}|${address}`))
      return { template: "reminder", url: `${appUrl()}/d/${row.documentId}/view` };
    const link = row.documentId
      ? (signerLinks.get(`${row.documentId}|${address}`) ?? reviewLinks.get(`${row.documentId}|${address}`))
      : undefined;
    return link ? { template: "reminder", url: link } : { template: "reminderInfo", url: appUrl() };
  };
}

/**
 * Sends one batch of due reminders (notifyAt reached, not yet sent), in one transaction: the
 * rows are claimed FOR UPDATE SKIP LOCKED, so two processes running the job at once never take
 * the same reminder; each contact's email is stored in the same transaction as `notifiedAt`, so
 * a reminder is sent exactly when it is marked sent, with their delivery jobs. Answers how many were sent.
 */
async function sendBatch(ctx: ServiceContext, now: Date): Promise<{ sent: number }> {
  return db.$transaction(
    async (tx) => {
      const claimed = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Reminder"
        WHERE "notifyAt" <= ${now} AND "notifiedAt" IS NULL
        ORDER BY "notifyAt", id
        LIMIT ${BATCH_SIZE}
        FOR UPDATE SKIP LOCKED`;
      if (!claimed.length) return { sent: 0 };
      const rows = await tx.reminder.findMany({
        where: { id: { in: claimed.map((r) => r.id) } },
        include: { document: { select: { id: true, name: true } } },
      });
      const accounts = new Map(
        (await tx.account.findMany({ where: { id: { in: rows.map((r) => r.accountId) } }, select: { id: true, name: true } })).map((a) => [
          a.id,
          a.name,
        ]),
      );
      const localeOf = await contactLocales(tx, rows);
      const wayOf = await contactWays(tx, rows);
      const emails: StoredEmail[] = [];
      for (const row of rows) {
        const contacts: StoredContact[] = [];
        for (const contact of row.contacts as StoredContact[]) {
          const locale = localeOf(contact.email, row);
          const { template, url } = wayOf(contact.email, row);
          const rendered = renderEmail({
            to: contact.email,
            template,
            locale,
            url,
            params: {
              name: contact.name,
              reminder: row.name,
              document: row.document?.name ?? "",
              account: accounts.get(row.accountId) ?? "",
              note: row.description ?? "",
            },
          });
          const stored = await storeEmail(
            tx,
            { to: contact.email, template, locale, ...rendered },
            { accountId: row.accountId, documentId: row.documentId ?? undefined },
          );
          emails.push(stored);
          contacts.push({ ...contact, notification: { status: "sent", emailId: stored.id, sentAt: now.toISOString() } });
        }
        await tx.reminder.update({ where: { id: row.id }, data: { notifiedAt: now, contacts } });
        await recordAudit(tx, ctx, {
          accountId: row.accountId,
          userId: null,
          eventType: "reminder.sent",
          targetType: "reminder",
          targetId: row.id,
          targetContext: row.documentId,
          payload: { documentId: row.documentId, name: row.name, to: contacts.map((c) => c.email) },
        });
      }
      // Their delivery jobs too: nothing to hand over after the commit, so a crash there loses nothing.
      await dispatchEmails(emails, tx);
      return { sent: rows.length };
    },
    { timeout: 60_000 },
  );
}

/** Sends every due reminder, batch after batch, across all workspaces. Answers how many were sent here. */
export async function sendDueReminders(ctx: ServiceContext, now: Date = new Date()): Promise<{ sent: number }> {
  await prepareEmailDelivery();
  let sent = 0;
  for (;;) {
    const batch = await sendBatch(ctx, now);
    sent += batch.sent;
    if (batch.sent < BATCH_SIZE) return { sent };
  }
}

/** Every minute (UTC): the job's declaration. */
export const remindersJob = defineJob({
  name: "reminders",
  description: "Emails the contacts of every reminder whose time has come, once, and marks it sent.",
  input: z.object({}),
  schedule: "* * * * *",
  run: async (ctx) => {
    const result = await sendDueReminders(ctx);
    if (result.sent) console.info(`[jobs] reminders: ${result.sent} sent`);
    return result;
  },
});
