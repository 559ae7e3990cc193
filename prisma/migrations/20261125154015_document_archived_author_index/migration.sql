-- DropIndex
DROP INDEX "Document_accountId_authorId_idx";

-- CreateIndex
CREATE INDEX "Document_accountId_archived_authorId_idx" ON "Document"("accountId", "archived", "authorId");
