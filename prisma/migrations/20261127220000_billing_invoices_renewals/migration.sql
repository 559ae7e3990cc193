-- AlterTable
ALTER TABLE "LocalInvoice" ADD COLUMN     "accountId" TEXT,
ADD COLUMN     "number" TEXT,
ADD COLUMN     "paidAt" TIMESTAMP(3),
ADD COLUMN     "periodEnd" TIMESTAMP(3),
ADD COLUMN     "periodStart" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "LocalPaymentMethod" ADD COLUMN     "chargeDeclineCode" TEXT;

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "providerStateAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "LocalInvoice_accountId_createdAt_idx" ON "LocalInvoice"("accountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LocalInvoice_customerId_number_key" ON "LocalInvoice"("customerId", "number");

-- Invoices written before this migration: their workspace, and their numbers in order per customer
-- (the prefix is lib/billing/local-invoices.ts's: the first 8 hex digits of the customer id's SHA-256).
UPDATE "LocalInvoice" li SET "accountId" = bc."accountId"
FROM "BillingCustomer" bc
WHERE bc."customerId" = li."customerId" AND bc.provider = 'local' AND li."accountId" IS NULL;

UPDATE "LocalInvoice" li SET "number" = numbered.number, "paidAt" = CASE WHEN li.status = 'paid' THEN li."createdAt" ELSE NULL END
FROM (
  SELECT id,
    'LOC-' || upper(substr(encode(sha256(convert_to("customerId", 'UTF8')), 'hex'), 1, 8)) || '-' ||
      lpad(CAST(row_number() OVER (PARTITION BY "customerId" ORDER BY "createdAt", id) AS text), 4, '0') AS number
  FROM "LocalInvoice"
) numbered
WHERE numbered.id = li.id AND li."number" IS NULL;
