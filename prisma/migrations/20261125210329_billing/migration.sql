-- CreateEnum
CREATE TYPE "BillingInterval" AS ENUM ('month', 'year');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused');

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "default" BOOLEAN NOT NULL DEFAULT false,
    "capabilities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "limits" JSONB NOT NULL DEFAULT '{}',
    "upgradeSlug" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductQuota" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "interval" "BillingInterval" NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'eur',
    "eachUnit" TEXT NOT NULL DEFAULT 'workspace',
    "providerPriceId" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "ProductQuota_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillingCustomer" (
    "accountId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "busyUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillingCustomer_pkey" PRIMARY KEY ("accountId")
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "quotaId" TEXT NOT NULL,
    "status" "SubscriptionStatus" NOT NULL DEFAULT 'active',
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "currentPeriodStart" TIMESTAMP(3),
    "currentPeriodEnd" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMP(3),
    "paymentFailedAt" TIMESTAMP(3),
    "couponId" TEXT,
    "provider" TEXT NOT NULL,
    "providerSubscriptionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProcessedWebhookEvent" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "ProcessedWebhookEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LocalPaymentMethod" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "expMonth" INTEGER NOT NULL,
    "expYear" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "clientSecret" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LocalPaymentMethod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LocalInvoice" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "subscriptionId" TEXT,
    "currency" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "subtotal" INTEGER NOT NULL,
    "discount" INTEGER NOT NULL,
    "tax" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LocalInvoice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Product_slug_key" ON "Product"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ProductQuota_productId_interval_key" ON "ProductQuota"("productId", "interval");

-- CreateIndex
CREATE UNIQUE INDEX "BillingCustomer_provider_customerId_key" ON "BillingCustomer"("provider", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_accountId_key" ON "Subscription"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_providerSubscriptionId_key" ON "Subscription"("providerSubscriptionId");

-- CreateIndex
CREATE INDEX "LocalPaymentMethod_customerId_createdAt_idx" ON "LocalPaymentMethod"("customerId", "createdAt");

-- CreateIndex
CREATE INDEX "LocalInvoice_customerId_createdAt_idx" ON "LocalInvoice"("customerId", "createdAt");

-- AddForeignKey
ALTER TABLE "ProductQuota" ADD CONSTRAINT "ProductQuota_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingCustomer" ADD CONSTRAINT "BillingCustomer_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_quotaId_fkey" FOREIGN KEY ("quotaId") REFERENCES "ProductQuota"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The plans (lib/billing/plans.ts; kept in step at start-up by lib/billing/sync-products.ts)
INSERT INTO "Product" ("id", "slug", "name", "description", "position", "active", "default", "capabilities", "limits", "upgradeSlug", "updatedAt") VALUES ('product_free', 'free', 'Free', 'For trying the workspace out.', 0, true, true, ARRAY['documents', 'templates', 'supportHelpCenter']::TEXT[], '{"documents":100,"members":3}'::JSONB, 'standard', CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING;
INSERT INTO "ProductQuota" ("id", "productId", "interval", "amount", "currency") VALUES ('quota_free_year', 'product_free', 'year', 0, 'eur') ON CONFLICT ("id") DO NOTHING;
INSERT INTO "Product" ("id", "slug", "name", "description", "position", "active", "default", "capabilities", "limits", "upgradeSlug", "updatedAt") VALUES ('product_standard', 'standard', 'Standard', 'For teams that run their contracts here.', 1, true, false, ARRAY['documents', 'templates', 'supportHelpCenter', 'collections', 'analytics', 'import', 'brandingColors', 'supportChat']::TEXT[], '{"documents":1000,"members":20}'::JSONB, 'premium', CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING;
INSERT INTO "ProductQuota" ("id", "productId", "interval", "amount", "currency") VALUES ('quota_standard_month', 'product_standard', 'month', 2900, 'eur') ON CONFLICT ("id") DO NOTHING;
INSERT INTO "ProductQuota" ("id", "productId", "interval", "amount", "currency") VALUES ('quota_standard_year', 'product_standard', 'year', 29000, 'eur') ON CONFLICT ("id") DO NOTHING;
INSERT INTO "Product" ("id", "slug", "name", "description", "position", "active", "default", "capabilities", "limits", "upgradeSlug", "updatedAt") VALUES ('product_premium', 'premium', 'Premium', 'Every feature, no limits.', 2, true, false, ARRAY['documents', 'templates', 'supportHelpCenter', 'collections', 'analytics', 'import', 'brandingColors', 'supportChat', 'rules', 'workflows', 'crm', 'ticketing']::TEXT[], '{"documents":null,"members":null}'::JSONB, NULL, CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING;
INSERT INTO "ProductQuota" ("id", "productId", "interval", "amount", "currency") VALUES ('quota_premium_month', 'product_premium', 'month', 7900, 'eur') ON CONFLICT ("id") DO NOTHING;
INSERT INTO "ProductQuota" ("id", "productId", "interval", "amount", "currency") VALUES ('quota_premium_year', 'product_premium', 'year', 79000, 'eur') ON CONFLICT ("id") DO NOTHING;
