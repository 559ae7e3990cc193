-- DropIndex
DROP INDEX "Document_accountId_status_updatedAt_idx";

-- DropIndex
DROP INDEX "Document_accountId_updatedAt_idx";

-- CreateIndex
CREATE INDEX "Document_accountId_archived_updatedAt_idx" ON "Document"("accountId", "archived", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "Document_accountId_archived_status_updatedAt_idx" ON "Document"("accountId", "archived", "status", "updatedAt" DESC);
