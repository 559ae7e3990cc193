import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { dispatchEmails, prepareEmailDelivery, type StoredEmail } from "@/lib/email/send-email";
import { pubsub } from "@/lib/events/pubsub";
import { matchLocale } from "@/lib/i18n/locales";
import { defineJob } from "@/lib/jobs/job";
import { signerInTurnSql } from "@/lib/signatures/signing-turn";
import { heldSigningLink, storeSignerReminder, type SignerNotification } from "./signer-reminder";

/**
 * Automatic reminders to slow signers (spec Signature.settings.sendReminders): a signer asked
 * SIGNATURE_REMINDER_DAYS ago (or last reminded that long ago) who has neither signed nor
 * declined gets the signing link again, while the document still waits for signatures (toSign,
 * signing), and only whose turn it is (the one turn rule, lib/process/turns.ts, as SQL: in an
 * ordered process the open signers of the lowest order). A member who turned off the
 * `signs` email preference gets none; nor does a signer whose link has expired (Send again gives
 * a new one). The link is the one of their request email, the same token (heldSigningLink). docs/approvals-and-signatures.md, "Reminders".
 */
export const SIGNATURE_REMINDER_DAYS = Number(process.env.SIGNATURE_REMINDER_DAYS ?? 3);

const BATCH_SIZE = 50;

type Reminded = { id: string; accountId: string; documentId: string };

/**
 * Reminds one batch in one transaction: rows claimed FOR UPDATE SKIP LOCKED, so two processes
 * never remind the same signer twice; the emails and their delivery jobs commit with the marks.
 */
async function remindBatch(ctx: ServiceContext, now: Date): Promise<{ reminded: Reminded[]; claimed: number }> {
  const cutoff = new Date(now.getTime() - SIGNATURE_REMINDER_DAYS * 86_400_000);
  return db.$transaction(
    async (tx) => {
      const claimed = await tx.$queryRaw<{ id: string }[]>`
        SELECT s.id FROM "Signature" s JOIN "Document" d ON d.id = s."documentId"
        WHERE s."requestedAt" IS NOT NULL AND s."signedAt" IS NULL AND s."declinedAt" IS NULL
          AND COALESCE((s.settings->>'sendReminders')::boolean, true)
          AND d.status IN ('toSign', 'signing') AND d.archived = false
          AND COALESCE((s.notification->>'remindedAt')::timestamptz AT TIME ZONE 'UTC', s."requestedAt") <= ${cutoff}
          AND ${signerInTurnSql("s", "d")}
        ORDER BY s."requestedAt", s.id
        LIMIT ${BATCH_SIZE}
        FOR UPDATE OF s SKIP LOCKED`;
      if (!claimed.length) return { reminded: [], claimed: 0 };
      const rows = await tx.signature.findMany({
        where: { id: { in: claimed.map((r) => r.id) } },
        include: {
          document: { select: { name: true, language: true, account: { select: { name: true } } } },
        },
      });
      const users = await tx.user.findMany({
        where: { id: { in: rows.map((r) => r.userId).filter((id): id is string => !!id) } },
        select: { id: true, language: true, emailPreferences: true },
      });
      const userById = new Map(users.map((u) => [u.id, u]));
      const reminded: Reminded[] = [];
      const emails: StoredEmail[] = [];
      for (const row of rows) {
        const notification = (row.notification ?? {}) as SignerNotification;
        const user = row.userId ? userById.get(row.userId) : undefined;
        const prefs = (user?.emailPreferences ?? {}) as { signs?: boolean };
        const next: SignerNotification = { ...notification, remindedAt: now.toISOString() };
        if (prefs.signs === false) {
          // The member asked for no signing emails: nothing is sent, and the clock moves on.
          await tx.signature.update({ where: { id: row.id }, data: { notification: { ...next, reminderSkipped: "preferences" } } });
          continue;
        }
        // The request's own link again (the same token): the one the signer holds keeps working.
        const link = await heldSigningLink(tx, row);
        if (link.expired) {
          // Their link has expired: a reminder would carry a dead link; the owner sends a new one (Send again).
          await tx.signature.update({ where: { id: row.id }, data: { notification: { ...next, reminderSkipped: "linkExpired" } } });
          continue;
        }
        const locale = matchLocale(user?.language) ?? matchLocale(row.document.language) ?? "en";
        const { email } = await storeSignerReminder(tx, ctx, row, {
          url: link.url,
          documentName: row.document.name,
          accountName: row.document.account.name,
          locale,
          now,
          manual: false,
        });
        emails.push(email);
        reminded.push({ id: row.id, accountId: row.accountId, documentId: row.documentId });
      }
      // Their delivery jobs too: nothing to hand over after the commit, so a crash there loses nothing.
      await dispatchEmails(emails, tx);
      return { reminded, claimed: rows.length };
    },
    { timeout: 60_000 },
  );
}

/** Reminds every slow signer due, across all workspaces. Answers how many were reminded here. */
export async function remindSlowSigners(ctx: ServiceContext, now: Date = new Date()): Promise<{ reminded: number }> {
  await prepareEmailDelivery();
  let total = 0;
  for (;;) {
    const batch = await remindBatch(ctx, now);
    for (const r of batch.reminded)
      pubsub.publish("document:signing", r.documentId, { documentId: r.documentId, kind: "signature", id: r.id, state: "reminded" });
    total += batch.reminded.length;
    if (batch.claimed < BATCH_SIZE) return { reminded: total };
  }
}

/** Hourly, at minute 15 (UTC): the job's declaration. */
export const signatureRemindersJob = defineJob({
  name: "signatureReminders",
  description: "Emails the signing link again to signers who have not signed after SIGNATURE_REMINDER_DAYS days.",
  input: z.object({}),
  schedule: "15 * * * *",
  run: async (ctx) => {
    const result = await remindSlowSigners(ctx);
    if (result.reminded) console.info(`[jobs] signature reminders: ${result.reminded} sent`);
    return result;
  },
});
