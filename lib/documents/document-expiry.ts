import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DocumentStatus } from "@/lib/generated/prisma/enums";
import { anonymousContext } from "@/lib/auth/context";
import { changeDocumentStatuses, type MovedDocument } from "@/lib/documents/change-document-statuses";
import { EXPIRY_NOTICE_DAYS } from "@/lib/documents/status";

/** Statuses of a document in force that the job warns about when its end date nears. */
export const NOTICE_FROM: readonly DocumentStatus[] = ["active", "renewed", "signed"];
/** Statuses the job moves to expired once the end date has passed. */
export const EXPIRE_FROM: readonly DocumentStatus[] = ["active", "renewed", "signed", "toExpire", "toRenew"];

/** Rows changed per transaction: keeps each one short while thousands expire on the same night. */
const BATCH_SIZE = 1000;

/** The job acts for no user: via "system", in each document's own account. */
const SYSTEM = anonymousContext({ via: "system" });

/**
 * Moves one batch of documents matching `condition` from `from` statuses to `to`, with one
 * audit row each, in one transaction, through the batch status writer (the same table and
 * audit words as every other status change): one UPDATE … RETURNING picks, locks (skipping
 * rows another run holds) and changes the batch; one INSERT writes the audit rows.
 */
async function moveBatch(from: readonly DocumentStatus[], to: DocumentStatus, condition: Prisma.Sql, now: Date): Promise<MovedDocument[]> {
  return db.$transaction((tx) =>
    changeDocumentStatuses(tx, SYSTEM, {
      from,
      to,
      cause: "expiry",
      where: Prisma.sql`"endedAt" IS NOT NULL AND ${condition}`,
      orderBy: Prisma.sql`"endedAt", id`,
      limit: BATCH_SIZE,
      now,
    }),
  );
}

/** Batches until none is left; returns how many moved. */
async function moveAll(from: readonly DocumentStatus[], to: DocumentStatus, condition: Prisma.Sql, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await moveBatch(from, to, condition, now);
    total += batch.length;
    if (batch.length < BATCH_SIZE) return total;
  }
}

/**
 * The expiry job, across every account (a system job, not a user's request): documents in force
 * (active, renewed, signed) whose end date is within EXPIRY_NOTICE_DAYS become toExpire, and open
 * documents (those, toExpire, toRenew) whose end date has passed become expired, along the same
 * transition table as every other status change (docs/document-statuses.md).
 * Expired ones go first, so a document already past its date goes straight to expired.
 * Returns how many documents each step moved, across all accounts.
 */
export async function markExpiringDocuments(now: Date = new Date()): Promise<{ expired: number; toExpire: number }> {
  const limit = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  // The same boundaries as the health dot (lib/documents/status.ts): past is before `now`.
  const expired = await moveAll(EXPIRE_FROM, "expired", Prisma.sql`"endedAt" < ${now}`, now);
  const toExpire = await moveAll(NOTICE_FROM, "toExpire", Prisma.sql`"endedAt" >= ${now} AND "endedAt" < ${limit}`, now);
  return { expired, toExpire };
}

/** Hourly, on the hour (UTC): the job's declaration. */
export const documentExpiryJob = defineJob({
  name: "documentExpiry",
  description: "Moves documents near or past their end date to toExpire or expired.",
  input: z.object({}),
  schedule: "0 * * * *",
  run: async () => {
    const moved = await markExpiringDocuments();
    if (moved.expired || moved.toExpire) console.info(`[jobs] document expiry: ${moved.toExpire} to expire, ${moved.expired} expired`);
    return moved;
  },
});
