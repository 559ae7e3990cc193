import { db } from "@/lib/db";
import type { DocumentStatus } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { requireDocumentRole } from "./access";
import { documentInclude } from "./document-include";
import { changeDocumentStatus, invalidTransition } from "./change-document-status";
import { assertNotLockedByOther } from "./document-lock";
import { canTransition, DOCUMENT_STATUSES } from "./status";

/**
 * A person changes a document's status: needs editor, and no one else holding the edit lock
 * (DOCUMENT_LOCKED naming them); the change itself is changeDocumentStatus's (the transition
 * table, INVALID_TRANSITION otherwise, cancelledAt, the audit row), checked here first too so a
 * refused move opens no transaction.
 */
export async function updateDocumentStatus(ctx: ServiceContext, documentId: string, newStatus: DocumentStatus) {
  if (!(DOCUMENT_STATUSES as readonly string[]).includes(newStatus)) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Unknown status.", params: { fields: "newStatus" } });
  }
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  if (document.status === newStatus) return db.document.findUniqueOrThrow({ where: { id: document.id }, include: documentInclude });
  if (!canTransition(document.status, newStatus)) throw invalidTransition(document.status, newStatus);
  return db.$transaction(async (tx) => {
    await changeDocumentStatus(tx, ctx, { document, to: newStatus, cause: "user" });
    return tx.document.findUniqueOrThrow({ where: { id: document.id }, include: documentInclude });
  });
}
