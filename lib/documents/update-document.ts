import { db } from "@/lib/db";
import type { DocumentStatus, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inspectContractFile } from "@/lib/files/inspect-contract-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { storage } from "@/lib/storage/storage";
import { documentAbilities, requireDocumentRole } from "./access";
import { documentFieldsSchema, documentInclude, type DocumentFields } from "./create-document";
import { assertNotLockedByOther, getLockHolder, liveLockHolderId, LOCK_TTL_MS } from "./document-lock";
import { findUserSummaries } from "./find-user-summaries";
import { assertOwnReferences } from "./references";
import { refreshSearchIndex } from "./search-index";
import { canTransition, DOCUMENT_STATUSES, documentHealth } from "./status";

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/**
 * A document with the caller's role, what that role allows, its health and its lock: `locked`
 * when someone else holds a live edit lock, `lockedBy` the holder (id and name, the caller
 * included) for those who see the document.
 */
export async function getDocument(ctx: ServiceContext, documentId: string) {
  const { document, role } = await requireDocumentRole(ctx, documentId, "reader", documentInclude);
  const holderId = liveLockHolderId(document);
  const lockedBy = await getLockHolder(ctx, document);
  return {
    ...document,
    role,
    abilities: documentAbilities(role),
    health: documentHealth(document),
    locked: !!holderId && holderId !== ctx.userId,
    lockedById: holderId,
    lockedBy,
  };
}

/** Updates a document's details (name, dates, value, category, tags, folder ...). Needs editor. */
export async function updateDocument(ctx: ServiceContext, documentId: string, raw: DocumentFields) {
  const { accountId } = accountScope(ctx);
  const input = documentFieldsSchema.parse(raw);
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  if (input.ref !== undefined && input.ref !== document.ref) {
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { settings: true } });
    if ((account.settings as { refModification?: boolean }).refModification === false) {
      throw new AppError(AppErrorCode.FORBIDDEN, { message: "This workspace does not allow changing references." });
    }
  }
  return db.$transaction(async (tx) => {
    await assertOwnReferences(tx, accountId, {
      categoryId: input.categoryId,
      folderId: input.folderId,
      folderGroup: "document",
      tagIds: input.tagIds,
    });
    const updated = await tx.document.update({
      where: { id: document.id },
      data: {
        name: input.name,
        description: input.description,
        language: input.language,
        jurisdiction: input.jurisdiction,
        ref: input.ref,
        risk: input.risk,
        complexity: input.complexity,
        priority: input.priority,
        value: input.value,
        currency: input.currency === undefined ? undefined : (input.currency?.toUpperCase() ?? null),
        startedAt: toDate(input.startedAt),
        endedAt: toDate(input.endedAt),
        renewalAt: toDate(input.renewalAt),
        categoryId: input.categoryId,
        folderId: input.folderId,
        tags: input.tagIds ? { set: input.tagIds.map((tagId) => ({ id: tagId })) } : undefined,
      },
      include: documentInclude,
    });
    if (input.name !== undefined || input.ref !== undefined || input.language !== undefined) await refreshSearchIndex(tx, document.id);
    await recordAudit(tx, ctx, {
      eventType: "document.updated",
      targetType: "document",
      targetId: document.id,
      payload: { fields: Object.keys(input) },
    });
    return updated;
  });
}

/** Moves a document to a folder of documents, or to the root (Drive) with null. Needs editor. */
export async function updateDocumentDestinationFolder(ctx: ServiceContext, documentId: string, destinationId: string | null) {
  return updateDocument(ctx, documentId, { folderId: destinationId });
}

/**
 * Changes a document's status along the transition table (lib/documents/status.ts);
 * INVALID_TRANSITION otherwise. Cancelling stamps cancelledAt. Needs editor, and no one else
 * holding the edit lock (DOCUMENT_LOCKED naming them).
 */
export async function updateDocumentStatus(ctx: ServiceContext, documentId: string, newStatus: DocumentStatus) {
  if (!(DOCUMENT_STATUSES as readonly string[]).includes(newStatus)) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Unknown status.", params: { fields: "newStatus" } });
  }
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  if (document.status === newStatus) return db.document.findUniqueOrThrow({ where: { id: document.id }, include: documentInclude });
  if (!canTransition(document.status, newStatus)) {
    throw new AppError(AppErrorCode.INVALID_TRANSITION, {
      message: `A document cannot go from "${document.status}" to "${newStatus}".`,
      params: { from: document.status, to: newStatus },
    });
  }
  return db.$transaction(async (tx) => {
    // Conditional on the status read, so two concurrent changes cannot both pass the table.
    const { count } = await tx.document.updateMany({
      where: { id: document.id, status: document.status },
      data: { status: newStatus, ...(newStatus === "cancelled" ? { cancelledAt: new Date() } : {}) },
    });
    if (count !== 1) throw new AppError(AppErrorCode.CONFLICT, { message: "The status changed meanwhile. Reload and try again." });
    await recordAudit(tx, ctx, {
      eventType: "document.statusUpdated",
      targetType: "document",
      targetId: document.id,
      payload: { from: document.status, to: newStatus },
    });
    return tx.document.findUniqueOrThrow({ where: { id: document.id }, include: documentInclude });
  });
}

/**
 * Adds a new version from an upload (spec updateDocumentVersion): checked by content like any
 * upload, numbered after the last, and indexed for search. Needs editor and no one else editing.
 */
export async function updateDocumentVersion(ctx: ServiceContext, documentId: string, upload: UploadedFile) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageDocuments");
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await assertNotLockedByOther(ctx, document);
  const file = await inspectContractFile(upload);
  const last = await db.documentContent.findFirst({
    where: { documentId: document.id },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  const version = (last?.version ?? 0) + 1;
  const key = `accounts/${accountId}/documents/${document.id}/v${version}.${file.ext}`;
  await storage().put(key, file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      const content = await tx.documentContent.create({
        data: {
          accountId,
          documentId: document.id,
          authorId: ctx.userId,
          version,
          name: upload.name.slice(0, 255),
          mimetype: file.mimetype,
          path: key,
          size: file.bytes.byteLength,
          delimiters: file.delimiter,
          text: file.text,
        },
      });
      await tx.document.update({ where: { id: document.id }, data: { updatedAt: new Date() } });
      await refreshSearchIndex(tx, document.id);
      await recordAudit(tx, ctx, {
        eventType: "document.versionUpdated",
        targetType: "document",
        targetId: document.id,
        payload: { version, name: content.name, size: content.size },
      });
      return content;
    });
  } catch (error) {
    await storage().delete(key);
    throw error;
  }
}

export const contentSelect = {
  id: true,
  version: true,
  name: true,
  mimetype: true,
  size: true,
  createdAt: true,
  authorId: true,
  readOnly: true,
  delimiters: true,
} as const;

/** Every version of a document, newest first, each with its author's id and name (null when gone). Never the text. Needs reader. */
export async function findDocumentVersions(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const versions = await db.documentContent.findMany({
    where: { documentId: document.id },
    orderBy: { version: "desc" },
    select: contentSelect,
  });
  const authors = await findUserSummaries(
    ctx,
    versions.map((v) => v.authorId),
  );
  return versions.map((v) => ({ ...v, author: (v.authorId && authors.get(v.authorId)) || null }));
}

/** One version's file (the latest without `version`), streamed; the download is audited. Needs reader. */
export async function getDocumentFile(ctx: ServiceContext, documentId: string, version?: number) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const content = await db.documentContent.findFirst({
    where: { documentId: document.id, ...(version ? { version } : {}) },
    orderBy: { version: "desc" },
  });
  const stored = content ? await storage().get(content.path) : null;
  if (!content || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
  await recordAudit(db, ctx, {
    eventType: "document.downloaded",
    targetType: "document",
    targetId: document.id,
    payload: { version: content.version },
  });
  return { ...stored, mimetype: content.mimetype, fileName: content.name, version: content.version };
}

/**
 * Takes (or renews) the edit lock; DOCUMENT_LOCKED when someone else holds it. Needs editor.
 * Answers like spec DocumentLocked: `{ locked, lockedAt, user }`, the user being the caller.
 */
export async function lockDocument(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const lockedAt = new Date();
  const stale = new Date(lockedAt.getTime() - LOCK_TTL_MS);
  const { count } = await db.document.updateMany({
    where: { id: document.id, OR: [{ lockedById: null }, { lockedById: ctx.userId }, { lockedAt: { lt: stale } }] },
    data: { lockedById: ctx.userId, lockedAt },
  });
  if (count !== 1) await assertNotLockedByOther(ctx, await db.document.findUniqueOrThrow({ where: { id: document.id } }));
  return { locked: true, lockedAt, user: await getLockHolder(ctx, { lockedById: ctx.userId, lockedAt }) };
}

/** Releases the caller's edit lock (owners may release anyone's). */
export async function unlockDocument(ctx: ServiceContext, documentId: string) {
  const { document, role } = await requireDocumentRole(ctx, documentId, "editor");
  await db.document.updateMany({
    where: { id: document.id, ...(role === "owner" ? {} : { lockedById: ctx.userId }) },
    data: { lockedById: null, lockedAt: null },
  });
  return { locked: false, lockedAt: null, user: null };
}

/** Deletes documents, all or none; each needs the owner role. Files go after the rows. */
export async function deleteDocuments(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageDocuments");
  const unique = [...new Set(ids)];
  for (const documentId of unique) await requireDocumentRole(ctx, documentId, "owner");
  // Every file of theirs goes: versions, their PDF renditions and the attachments.
  const [contents, attachments] = await Promise.all([
    db.documentContent.findMany({ where: { accountId, documentId: { in: unique } }, select: { path: true, metadata: true } }),
    db.documentAttachment.findMany({ where: { accountId, documentId: { in: unique } }, select: { path: true } }),
  ]);
  const keys = [
    ...contents.flatMap((c) => [c.path, (c.metadata as { pdfPath?: string } | null)?.pdfPath].filter((key): key is string => !!key)),
    ...attachments.map((a) => a.path),
  ];
  await db.$transaction(async (tx) => {
    const found = await tx.document.findMany({ where: { accountId, id: { in: unique } }, select: { id: true, name: true } });
    await tx.document.deleteMany({ where: { accountId, id: { in: unique } } });
    for (const doc of found)
      await recordAudit(tx, ctx, { eventType: "document.deleted", targetType: "document", targetId: doc.id, payload: { name: doc.name } });
  });
  await Promise.all(keys.map((key) => storage().delete(key)));
  return unique;
}

export type DocumentWithInclude = Prisma.DocumentGetPayload<{ include: typeof documentInclude }>;
