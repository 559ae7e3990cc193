import { db } from "@/lib/db";
import type { Document, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { inspectContractFile } from "@/lib/files/inspect-contract-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";
import { assertNotLockedByOther } from "./document-lock";
import { refreshSearchIndex } from "./search-index";
import { newVersionFileKey, nextVersionNumber } from "./version-files";
import { clip } from "@/lib/text/clip";

/**
 * Adds a new version from an upload (spec updateDocumentVersion): checked by content like any
 * upload, numbered after the last, and indexed for search. Needs editor and no one else editing.
 */
export async function updateDocumentVersion(ctx: ServiceContext, documentId: string, upload: UploadedFile) {
  accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  return writeDocumentVersion(ctx, document, upload);
}

/**
 * The write of updateDocumentVersion, for a caller whose access is already checked (a member
 * above, or a reviewer whose approval allows modification). `audit` adds to the audit payload;
 * `inTransaction` joins the write's transaction (throwing undoes it).
 */
export async function writeDocumentVersion(
  ctx: ServiceContext,
  document: Pick<Document, "id" | "accountId">,
  upload: UploadedFile,
  options: { audit?: Record<string, string>; inTransaction?: (tx: Prisma.TransactionClient) => Promise<void> } = {},
) {
  const { accountId } = document;
  const file = await inspectContractFile(upload);
  const key = newVersionFileKey(accountId, document.id, file.ext);
  await storage().put(key, file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      const version = await nextVersionNumber(tx, document.id);
      const content = await tx.documentContent.create({
        data: {
          accountId,
          documentId: document.id,
          authorId: ctx.userId,
          version,
          name: clip(upload.name, 255),
          mimetype: file.mimetype,
          path: key,
          size: file.bytes.byteLength,
          delimiters: file.delimiter,
          text: file.text,
        },
      });
      await tx.document.update({ where: { id: document.id }, data: { updatedAt: new Date() } });
      await options.inTransaction?.(tx);
      await refreshSearchIndex(tx, document.id);
      await recordAudit(tx, ctx, {
        eventType: "document.versionUpdated",
        targetType: "document",
        targetId: document.id,
        payload: { version, name: content.name, size: content.size, ...options.audit },
      });
      return content;
    });
  } catch (error) {
    await storage().delete(key);
    throw error;
  }
}
