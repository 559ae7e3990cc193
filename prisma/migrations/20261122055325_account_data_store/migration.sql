-- CreateTable
CREATE TABLE "AccountDataStore" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "variables" JSONB NOT NULL DEFAULT '[]',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AccountDataStore_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountDataStore_accountId_key" ON "AccountDataStore"("accountId");

-- AddForeignKey
ALTER TABLE "AccountDataStore" ADD CONSTRAINT "AccountDataStore_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
