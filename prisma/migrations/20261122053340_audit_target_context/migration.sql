-- CreateIndex
CREATE INDEX "Audit_targetContext_createdAt_idx" ON "Audit"("targetContext", "createdAt");
