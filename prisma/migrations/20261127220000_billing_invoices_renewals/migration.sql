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
