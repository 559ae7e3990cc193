import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { anonymousContext } from "@/lib/auth/context";
import { refreshSearchIndex } from "@/lib/documents/search-index";
import { readPdfForm } from "@/lib/files/pdf-form";
import { extractPdfText } from "@/lib/files/pdf-text";
import { uploadMaxBytes } from "@/lib/files/upload-limits";
import { storage } from "@/lib/storage/storage";
import { clip } from "@/lib/text/clip";

/**
 * What the job recorded in a version's `metadata.textExtraction`: text found, a readable PDF
 * without text (scanned), or given up on (`metadata.textExtractionError` says why).
 */
export type TextExtraction = "extracted" | "empty" | "failed";

/** Versions read per batch: each may take up to the extraction timeout, outside any transaction. */
const BATCH_SIZE = 20;
/**
 * A version whose file is missing or cannot be read is marked failed after this many reads
 * spread over at least READ_RETRY_PERIOD_MS since the first: a storage outage or a wrong
 * setting (bucket, STORAGE_DIR) fixed within a day marks nothing.
 */
export const MAX_READ_ATTEMPTS = 3;
export const READ_RETRY_PERIOD_MS = 24 * 60 * 60 * 1000;
/** Time after which a run ends at the next batch, leaving the rest to the next run. */
export const RUN_BUDGET_MS = 2 * 60 * 1000;

// The job acts for no user: via "system", in each version's own account.
const SYSTEM = anonymousContext({ via: "system" });

type Pending = { id: string; accountId: string; documentId: string; version: number; path: string; cursorAt: string };

/** Outcome of reading one version: final, or worth another try on a later run. */
type Outcome =
  { kind: "extracted"; text: string } | { kind: "empty" } | { kind: "failed"; reason: string } | { kind: "retry"; reason: string };

/**
 * The next versions to read after `after`: PDFs with empty text never tried, oldest first.
 * The conditions are the predicate of the partial index DocumentContent_pdfTextBackfill_idx
 * word for word, so this walks that index (holding only those rows) and never the whole table.
 * The cursor moves past rows whose write failed, so a run always ends.
 */
async function nextBatch(after: Pending | undefined): Promise<Pending[]> {
  const cursor = after ? Prisma.sql`AND ("createdAt", id) > (CAST(${after.cursorAt} AS timestamp(3)), ${after.id})` : Prisma.empty;
  return db.$queryRaw<Pending[]>`
    SELECT id, "accountId", "documentId", version, path, "createdAt"::text AS "cursorAt" FROM "DocumentContent"
    WHERE "mimetype" = 'application/pdf' AND "text" = '' AND ("metadata" ->> 'textExtraction') IS NULL ${cursor}
    ORDER BY "createdAt", id
    LIMIT ${BATCH_SIZE}`;
}

/** The stored file whole, or why not; at most `max` bytes are read (the upload limit). */
async function readFile(key: string, max: number): Promise<Uint8Array | "missing" | "tooLarge"> {
  const stored = await storage().get(key);
  if (!stored) return "missing";
  const reader = stored.stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    if (stored.size > max) return "tooLarge";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // The declared size may be stale: the bytes read count, too.
      if (size > max) return "tooLarge";
      chunks.push(value);
    }
  } finally {
    // Closes the file or connection when we stop early or the read fails.
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads one version's text with the caps of an upload (PDF_TEXT_LIMITS, the upload size). When
 * there is none, pdf-lib tells a readable PDF without text (empty) from a damaged one (failed),
 * as an upload would have been refused. A missing or unreadable file may be the storage's
 * passing fault: it is tried again on later runs.
 */
async function readVersion(row: Pending): Promise<Outcome> {
  let file: Awaited<ReturnType<typeof readFile>>;
  try {
    file = await readFile(row.path, uploadMaxBytes());
  } catch (error) {
    return { kind: "retry", reason: clip(`unreadable: ${error instanceof Error ? error.message : String(error)}`, 300) };
  }
  if (file === "missing") return { kind: "retry", reason: "missing" };
  if (file === "tooLarge") return { kind: "failed", reason: "tooLarge" };
  const text = await extractPdfText(file);
  if (text) return { kind: "extracted", text };
  const isPdf = await readPdfForm(file).then(
    () => true,
    () => false,
  );
  return isPdf ? { kind: "empty" } : { kind: "failed", reason: "corrupt" };
}

/**
 * Writes one outcome in one transaction, only if no other run wrote this version first: the
 * text, the search vector of its document and a system audit row; or the mark that keeps it
 * from being read again; or one more failed read. Returns the outcome written (a retry past
 * MAX_READ_ATTEMPTS and READ_RETRY_PERIOD_MS becomes failed), or null when another run came first.
 */
async function record(row: Pending, outcome: Outcome): Promise<Outcome["kind"] | null> {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const untried = Prisma.sql`id = ${row.id} AND "text" = '' AND ("metadata" ->> 'textExtraction') IS NULL`;
  if (outcome.kind === "retry") {
    const giveUpFrom = new Date(now - READ_RETRY_PERIOD_MS).toISOString();
    const rows = await db.$queryRaw<{ result: string | null }[]>`
      WITH tried AS (
        SELECT COALESCE(("metadata" ->> 'textExtractionAttempts')::int, 0) + 1 AS attempts,
          COALESCE("metadata" ->> 'textExtractionFirstErrorAt', CAST(${at} AS text)) AS "firstAt"
        FROM "DocumentContent" WHERE ${untried}
      )
      UPDATE "DocumentContent" SET "metadata" = "metadata" || jsonb_build_object(
          'textExtractionAttempts', tried.attempts,
          'textExtractionFirstErrorAt', tried."firstAt",
          'textExtractionError', CAST(${outcome.reason} AS text),
          'textExtractedAt', CAST(${at} AS text))
        || CASE WHEN tried.attempts >= ${MAX_READ_ATTEMPTS} AND CAST(tried."firstAt" AS timestamptz) <= CAST(${giveUpFrom} AS timestamptz)
             THEN jsonb_build_object('textExtraction', 'failed') ELSE '{}'::jsonb END
      FROM tried
      WHERE ${untried}
      RETURNING "metadata" ->> 'textExtraction' AS result`;
    return rows.length ? (rows[0].result === "failed" ? "failed" : "retry") : null;
  }
  const text = outcome.kind === "extracted" ? outcome.text : "";
  const error = outcome.kind === "failed" ? outcome.reason : null;
  return db.$transaction(async (tx) => {
    const updated = await tx.$executeRaw`
      UPDATE "DocumentContent" SET "text" = ${text}, "metadata" = ("metadata" - 'textExtractionError') || jsonb_strip_nulls(jsonb_build_object(
          'textExtraction', CAST(${outcome.kind} AS text),
          'textExtractedAt', CAST(${at} AS text),
          'textExtractionError', CAST(${error} AS text)))
      WHERE ${untried}`;
    if (!updated) return null;
    if (outcome.kind === "extracted") {
      // Search reads Document.search, rebuilt by hand (no trigger): now with this version's text.
      await refreshSearchIndex(tx, row.documentId);
      await recordAudit(tx, SYSTEM, {
        accountId: row.accountId,
        userId: null,
        eventType: "document.textExtracted",
        // On the version, not the document: the activity tab shows document rows and has no
        // words for this one. Its context is the document, like comment events.
        targetType: "documentContent",
        targetId: row.id,
        targetContext: row.documentId,
        payload: { version: row.version, chars: text.length, reason: "backfill" },
      });
    }
    return outcome.kind;
  });
}

export type PdfTextBackfillResult = { extracted: number; empty: number; failed: number; retry: number };

/**
 * The PDF text backfill, across every account (a system job, not a user's request): PDF
 * versions stored before their text was extracted on upload have empty text, so search cannot
 * find them. Each version not tried yet (oldest first, BATCH_SIZE at a time) is read from
 * storage and its text extracted as on upload; the text goes on the version and into its
 * document's search vector, with a system audit row `document.textExtracted`. A version
 * without text is marked `empty`, a damaged or oversized file `failed`, so neither is read
 * again; a missing or unreadable file is tried on later runs (MAX_READ_ATTEMPTS reads over at
 * least READ_RETRY_PERIOD_MS) before it is marked failed. One file's failure is logged and
 * recorded and the run goes on. Two runs at once write each version once. A run ends at the
 * first batch boundary after `budgetMs`; the next run goes on from the oldest left.
 * Returns how many versions got each outcome in this run.
 */
export async function backfillPdfText({ budgetMs = RUN_BUDGET_MS } = {}): Promise<PdfTextBackfillResult> {
  const result: PdfTextBackfillResult = { extracted: 0, empty: 0, failed: 0, retry: 0 };
  const deadline = performance.now() + budgetMs;
  let last: Pending | undefined;
  for (;;) {
    const batch = await nextBatch(last);
    for (const row of batch) {
      try {
        const outcome = await readVersion(row);
        const written = await record(row, outcome);
        if (written) result[written]++;
        if ((written === "failed" || written === "retry") && "reason" in outcome) {
          console.warn(
            `[jobs] pdf text backfill: version ${row.version} of document ${row.documentId} (${row.id}) ${written}: ${outcome.reason}`,
          );
        }
      } catch (error) {
        // Not this file's fault (the database, most likely): logged, and tried again next run.
        console.error(`[jobs] pdf text backfill: version ${row.id} could not be recorded`, error);
      }
    }
    last = batch.at(-1);
    if (batch.length < BATCH_SIZE || performance.now() >= deadline) return result;
  }
}

/** Every ten minutes (UTC): the job's declaration. A run stops within its budget, well before it expires. */
export const pdfTextBackfillJob = defineJob({
  name: "pdfTextBackfill",
  description: "Extracts the text of PDF versions stored before extraction on upload, for search.",
  input: z.object({}),
  schedule: "*/10 * * * *",
  expireInSeconds: 15 * 60,
  run: async () => {
    const done = await backfillPdfText();
    if (done.extracted || done.empty || done.failed || done.retry) {
      console.info(
        `[jobs] pdf text backfill: ${done.extracted} extracted, ${done.empty} without text, ${done.failed} failed, ${done.retry} to retry`,
      );
    }
    return done;
  },
});
