-- AlterTable
ALTER TABLE "DocumentComment" ADD COLUMN     "authorEmail" TEXT,
ADD COLUMN     "authorName" TEXT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'comment',
ADD COLUMN     "linkId" TEXT,
ADD COLUMN     "visitorId" TEXT;

-- CreateIndex
CREATE INDEX "DocumentComment_linkId_idx" ON "DocumentComment"("linkId");

-- AddForeignKey
ALTER TABLE "DocumentComment" ADD CONSTRAINT "DocumentComment_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "DocumentLink"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A comment is a plain comment or a suggestion (written by hand, Prisma does not model CHECK
-- constraints and leaves them alone when diffing)
ALTER TABLE "DocumentComment" ADD CONSTRAINT "DocumentComment_kind_check" CHECK ("kind" IN ('comment', 'suggestion'));
