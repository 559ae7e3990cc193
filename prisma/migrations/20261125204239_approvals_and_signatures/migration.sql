-- CreateTable
CREATE TABLE "Approval" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "userId" TEXT,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "message" TEXT,
    "order" INTEGER NOT NULL DEFAULT 1,
    "settings" JSONB NOT NULL DEFAULT '{"allowComment":true,"allowModification":false,"allowDownload":true}',
    "notification" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "comment" TEXT,
    "createdById" TEXT,
    "requestedAt" TIMESTAMP(3),
    "approvedAt" TIMESTAMP(3),
    "rejectedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Approval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApprovalMessage" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "approvalId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'message',
    "authorId" TEXT,
    "authorName" TEXT NOT NULL DEFAULT '',
    "authorEmail" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApprovalMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Party" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'signer',
    "order" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Party_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Signature" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "partyId" TEXT,
    "userId" TEXT,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "message" TEXT,
    "order" INTEGER NOT NULL DEFAULT 1,
    "settings" JSONB NOT NULL DEFAULT '{"allowBiometric":true,"allowCertificate":false,"allowDownload":true,"rubricAllPages":false,"sendReminders":true,"allowApprovals":false}',
    "notification" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "idNumber" TEXT,
    "image" TEXT,
    "imageKind" TEXT,
    "timeline" JSONB,
    "initials" TEXT,
    "certificate" JSONB,
    "declineReason" TEXT,
    "signedIp" TEXT,
    "signedUserAgent" TEXT,
    "createdById" TEXT,
    "requestedAt" TIMESTAMP(3),
    "signedAt" TIMESTAMP(3),
    "declinedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Signature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignaturePlaceholder" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "signatureId" TEXT,
    "keyName" TEXT NOT NULL,
    "message" TEXT,
    "order" INTEGER NOT NULL DEFAULT 1,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "value" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignaturePlaceholder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Reminder" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "documentId" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "notifyAt" TIMESTAMP(3) NOT NULL,
    "notifiedAt" TIMESTAMP(3),
    "contacts" JSONB NOT NULL DEFAULT '[]',
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Reminder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seal" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "signers" JSONB NOT NULL DEFAULT '[]',
    "sealedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Seal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Approval_accountId_documentId_order_idx" ON "Approval"("accountId", "documentId", "order");

-- CreateIndex
CREATE INDEX "Approval_accountId_email_idx" ON "Approval"("accountId", "email");

-- CreateIndex
CREATE INDEX "Approval_accountId_userId_idx" ON "Approval"("accountId", "userId");

-- CreateIndex
CREATE INDEX "ApprovalMessage_approvalId_createdAt_id_idx" ON "ApprovalMessage"("approvalId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Party_accountId_documentId_order_idx" ON "Party"("accountId", "documentId", "order");

-- CreateIndex
CREATE INDEX "Signature_accountId_documentId_order_idx" ON "Signature"("accountId", "documentId", "order");

-- CreateIndex
CREATE INDEX "Signature_accountId_email_idx" ON "Signature"("accountId", "email");

-- CreateIndex
CREATE INDEX "Signature_accountId_userId_idx" ON "Signature"("accountId", "userId");

-- CreateIndex
CREATE INDEX "SignaturePlaceholder_accountId_documentId_order_idx" ON "SignaturePlaceholder"("accountId", "documentId", "order");

-- CreateIndex
CREATE INDEX "Reminder_accountId_documentId_notifyAt_idx" ON "Reminder"("accountId", "documentId", "notifyAt");

-- CreateIndex
CREATE INDEX "Reminder_due_idx" ON "Reminder"("notifyAt");

-- CreateIndex
CREATE UNIQUE INDEX "Seal_sha256_key" ON "Seal"("sha256");

-- CreateIndex
CREATE INDEX "Seal_accountId_documentId_idx" ON "Seal"("accountId", "documentId");

-- AddForeignKey
ALTER TABLE "Approval" ADD CONSTRAINT "Approval_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalMessage" ADD CONSTRAINT "ApprovalMessage_approvalId_fkey" FOREIGN KEY ("approvalId") REFERENCES "Approval"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Party" ADD CONSTRAINT "Party_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Signature" ADD CONSTRAINT "Signature_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Signature" ADD CONSTRAINT "Signature_partyId_fkey" FOREIGN KEY ("partyId") REFERENCES "Party"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SignaturePlaceholder" ADD CONSTRAINT "SignaturePlaceholder_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SignaturePlaceholder" ADD CONSTRAINT "SignaturePlaceholder_signatureId_fkey" FOREIGN KEY ("signatureId") REFERENCES "Signature"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reminder" ADD CONSTRAINT "Reminder_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seal" ADD CONSTRAINT "Seal_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;
