-- AlterEnum
ALTER TYPE "AuthTokenType" ADD VALUE 'invitation';

-- AlterTable
ALTER TABLE "AuthToken" ADD COLUMN     "policyId" TEXT;

-- CreateIndex
CREATE INDEX "AuthToken_policyId_idx" ON "AuthToken"("policyId");
