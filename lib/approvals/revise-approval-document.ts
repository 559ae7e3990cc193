/**
 * SECURITY-CRITICAL. A reviewer changes the document they were asked to approve, when their
 * approval allows modification (Approval.settings.allowModification).
 */
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { readDataStoreOf } from "@/lib/datastore/data-store";
import { assertNotLockedByOther } from "@/lib/documents/document-lock";
import { fieldValuesSchema } from "@/lib/documents/document-schemas";
import type { FieldUpload } from "@/lib/documents/field-uploads";
import { writeDocumentValues } from "@/lib/documents/update-document-values";
import { writeDocumentVersion } from "@/lib/documents/update-document-version";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { signedRecordFailure, signingLinkError } from "@/lib/signing/signed-caller";
import { requireReviewerApproval } from "./approval-access";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { approvalMetadataOf, approvalSettingsOf, isFinished } from "./schemas";
import { idString } from "@/lib/validation/ids";

/** The part that carries a revised file of an uploaded document. */
export const REVISED_FILE_FIELD = "file";

export const reviseApprovalDocumentSchema = z.object({ id: idString(), values: fieldValuesSchema.optional() }).strict();
export type ReviseApprovalDocumentInput = z.infer<typeof reviseApprovalDocumentSchema>;

/**
 * How a reviewer changes this document: its field values when it was made from a template that
 * still exists, otherwise by a revised file.
 */
export async function modificationKind(document: { accountId: string; templateId: string | null }): Promise<"values" | "file"> {
  if (!document.templateId) return "file";
  const template = await db.template.findFirst({ where: { id: document.templateId, accountId: document.accountId }, select: { id: true } });
  return template ? "values" : "file";
}

const invalid = (message: string, fields: string) => new AppError(AppErrorCode.VALIDATION_FAILED, { message, params: { fields } });

/**
 * The reviewer of the token changes the document, as a new version, by the same writes members
 * use: a document made from a template gets new field values (`values`, and files for its upload
 * fields as parts `field:<name>`; writeDocumentValues); any other document gets a revised file
 * (one part named `file`; writeDocumentVersion). Refused with MODIFICATION_NOT_ALLOWED when the
 * approval does not allow modification, DOCUMENT_LOCKED while a member edits the document, and
 * SIGNING_LINK_INVALID `completed` once the approval is decided: the check runs again inside the
 * write's transaction with the document's row locked, so a decision at the same instant either
 * comes after the new version or undoes it. Audited document.valuesUpdated / versionUpdated with
 * `by: "reviewer"`, the approval and the reviewer's address (the row has their IP and user agent);
 * the approval keeps `metadata.modifiedAt`, and the owner's page hears `document:signing`
 * (kind approval, state modified).
 */
export async function reviseApprovalDocument(
  ctx: ServiceContext,
  input: ReviseApprovalDocumentInput,
  files: (UploadedFile & { field?: string | null })[] = [],
): Promise<{ version: number }> {
  const { approval, claims } = await requireReviewerApproval(ctx, { approvalId: input.id });
  if (!approvalSettingsOf(approval.settings).allowModification)
    throw new AppError(AppErrorCode.MODIFICATION_NOT_ALLOWED, { message: "The sender did not allow changes to this document." });
  const document = await db.document.findFirstOrThrow({
    where: { id: approval.documentId, accountId: approval.accountId },
    include: { attachments: { where: { variable: { not: null } } } },
  });
  await assertNotLockedByOther(ctx, document);

  const now = new Date();
  const audit = { by: "reviewer", approvalId: approval.id, email: approval.email };
  // Still undecided and requested at the token's instant, with the document's row held.
  const inTransaction = async (tx: Prisma.TransactionClient) => {
    await lockDocumentRow(tx, approval.documentId);
    // The metadata as it is now, under the lock (a first view may have written viewedAt since the token was checked).
    const fresh = await tx.approval.findUnique({ where: { id: approval.id }, select: { metadata: true } });
    const { count } = await tx.approval.updateMany({
      where: { id: approval.id, accountId: claims.aid, approvedAt: null, rejectedAt: null, requestedAt: approval.requestedAt },
      data: { metadata: { ...approvalMetadataOf(fresh?.metadata ?? approval.metadata), modifiedAt: now.toISOString() } },
    });
    if (count !== 1) {
      const current = await tx.approval.findUnique({ where: { id: approval.id } });
      throw signingLinkError(signedRecordFailure(current && { ...current, finished: isFinished(current) }, claims) ?? "completed");
    }
  };

  let version: number;
  if ((await modificationKind(document)) === "values") {
    if (files.some((file) => !file.field || file.field === REVISED_FILE_FIELD))
      throw invalid("This document is made from a template: change its fields instead.", REVISED_FILE_FIELD);
    const uploads: FieldUpload[] = files.map((file) => ({ name: file.name, bytes: file.bytes, field: file.field ?? "" }));
    const written = await writeDocumentValues(ctx, document, { values: input.values ?? {} }, uploads, {
      dataStore: await readDataStoreOf(document.accountId),
      audit,
      inTransaction,
    });
    version = written.version;
  } else {
    const file = files.find((f) => f.field === REVISED_FILE_FIELD);
    if (!file || files.length !== 1 || input.values) throw invalid("Choose the revised file of the document.", REVISED_FILE_FIELD);
    version = (await writeDocumentVersion(ctx, document, file, { audit, inTransaction })).version;
  }
  publishApprovalEvents(approval.accountId, approval.documentId, [{ id: approval.id, state: "modified" }]);
  return { version };
}
