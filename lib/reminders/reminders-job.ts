import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { appUrl, dispatchEmails, prepareEmailDelivery, renderEmail, storeEmail, type StoredEmail } from "@/lib/email/send-email";
import { matchLocale, type Locale } from "@/lib/i18n/locales";
import { defineJob } from "@/lib/jobs/job";
import type { StoredContact } from "./reminder-schemas";

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
      const emails: StoredEmail[] = [];
      for (const row of rows) {
        const url = row.documentId ? `${appUrl()}/d/${row.documentId}/view` : `${appUrl()}/`;
        const contacts: StoredContact[] = [];
        for (const contact of row.contacts as StoredContact[]) {
          const locale = localeOf(contact.email, row);
          const rendered = renderEmail({
            to: contact.email,
            template: "reminder",
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
            { to: contact.email, template: "reminder", locale, ...rendered },
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
