-- The PDF versions whose text the backfill job (lib/jobs/pdf-text-backfill.ts) has not read
-- yet, in the order it reads them. Partial, so it holds only those rows and is empty once the
-- backlog is done, and each run finds its next batch without scanning every version.
-- Written by hand: Prisma does not model partial indexes without a preview feature and
-- leaves them alone when diffing. The job query repeats this predicate word for word.
CREATE INDEX "DocumentContent_pdfTextBackfill_idx" ON "DocumentContent"("createdAt", "id")
WHERE "mimetype" = 'application/pdf' AND "text" = '' AND ("metadata" ->> 'textExtraction') IS NULL;
