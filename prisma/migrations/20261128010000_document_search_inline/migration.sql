-- Keep each document's search vector in its row (MAIN: compressed when that pays, moved out of line
-- only when the row would not fit in a page) rather than in the TOAST table (EXTENDED, the default).
-- A vector of a document of about 1,000 characters takes about 2 KB and barely compresses, so 40 % of
-- them were stored out of line, and ranking a search's matches (ts_rank reads every match's vector)
-- fetched each from TOAST: about half of the statement's time for 2,000 matches (docs/benchmarks.md,
-- "Pages"). Vectors written before this keep their place until their document's vector is next
-- written (refreshSearchIndex); to move them all at once:
--   UPDATE "Document" SET search = search || ''::tsvector WHERE search IS NOT NULL;
ALTER TABLE "Document" ALTER COLUMN "search" SET STORAGE MAIN;
