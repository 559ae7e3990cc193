-- The author index gains the document's id: the work queue (lib/work-queue/work-queue.ts) reads
-- the ids of a member's documents from it alone, without visiting the table, to decide whether
-- to test them one by one. The author filter's loose index scan uses the same leading columns.

-- DropIndex
DROP INDEX "Document_accountId_archived_authorId_idx";

-- CreateIndex
CREATE INDEX "Document_accountId_archived_authorId_id_idx" ON "Document"("accountId", "archived", "authorId", "id");
