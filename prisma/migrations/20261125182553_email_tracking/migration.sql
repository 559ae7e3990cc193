-- AlterTable
ALTER TABLE "OutboxEmail" ADD COLUMN     "accountId" TEXT,
ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "documentId" TEXT,
ADD COLUMN     "failedAt" TIMESTAMP(3),
ADD COLUMN     "history" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "openedAt" TIMESTAMP(3),
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'outbox';

-- CreateIndex
CREATE INDEX "OutboxEmail_documentId_createdAt_idx" ON "OutboxEmail"("documentId", "createdAt");

-- Emails sent before tracking: SMTP ones were sent or failed once, inline.
UPDATE "OutboxEmail" SET
  "status" = CASE WHEN "sentAt" IS NOT NULL THEN 'sent' WHEN "error" IS NOT NULL THEN 'failed' ELSE 'queued' END,
  "deliveredAt" = "sentAt",
  "failedAt" = CASE WHEN "sentAt" IS NULL AND "error" IS NOT NULL THEN "createdAt" END,
  "attempts" = 1
WHERE "transport" = 'smtp';
