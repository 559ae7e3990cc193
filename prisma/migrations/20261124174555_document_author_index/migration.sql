-- CreateIndex
CREATE INDEX "Document_accountId_authorId_idx" ON "Document"("accountId", "authorId");
