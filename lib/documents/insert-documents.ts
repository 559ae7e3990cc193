import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { storage } from "@/lib/storage/storage";
import { attachmentKey, newAttachmentId } from "./attachment-keys";
import { documentInclude } from "./document-include";
import type { DocumentFields } from "./document-schemas";
import type { PreparedAttachment } from "./field-uploads";
import { assertOwnReferences } from "./references";
import { refreshSearchIndex } from "./search-index";
import { clip } from "@/lib/text/clip";

/**
 * The one write of new documents, whatever their source (a template, an upload, an import, a
 * copy): files first, then the rows in one transaction.
 */

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/** The next reference from the account's ref builder ({counter}, {year}, {month}) and counter, atomically. */
async function nextRef(tx: Prisma.TransactionClient, accountId: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ counter: number; builder: string | null }[]>`
    UPDATE "Account" SET settings = jsonb_set(settings, '{refCounter}', to_jsonb(COALESCE((settings->>'refCounter')::int, 0) + 1))
    WHERE id = ${accountId}
    RETURNING (settings->>'refCounter')::int AS counter, settings->>'refBuilder' AS builder`;
  const row = rows[0];
  if (!row?.builder) return null;
  const now = new Date();
  return clip(
    row.builder
      .replace(/\{counter\}/g, String(row.counter))
      .replace(/\{year\}/g, String(now.getUTCFullYear()))
      .replace(/\{month\}/g, String(now.getUTCMonth() + 1).padStart(2, "0")),
    100,
  );
}

const storageKey = (accountId: string, documentId: string, version: number, ext: string) =>
  `accounts/${accountId}/documents/${documentId}/v${version}.${ext}`;
export const newId = () => `d${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

export type NewDocument = {
  fields: DocumentFields;
  name: string;
  templateId?: string | null;
  variables?: Prisma.InputJsonValue;
  file: { bytes: Uint8Array; ext: string; mimetype: string; name: string; text: string; delimiters: string | null };
  /** Files kept with the document: its upload fields' files, or a copy's. */
  attachments?: PreparedAttachment[];
  auditEvent: string;
  auditPayload?: Prisma.InputJsonValue;
};

/**
 * Stores the files, then writes the document, its first version, its attachments, the owner
 * policy for the author, its search vector and the audit row in one transaction. A failed write
 * removes the files again, so nothing is left half made.
 */
export async function insertDocuments(ctx: ServiceContext, docs: NewDocument[]) {
  const { accountId } = accountScope(ctx);
  const prepared = docs.map((doc) => ({
    ...doc,
    id: newId(),
    attachments: (doc.attachments ?? []).map((attachment) => ({ ...attachment, id: newAttachmentId() })),
  }));
  const keys = prepared.map((doc) => storageKey(accountId, doc.id, 1, doc.file.ext));
  const attachmentKeys = prepared.map((doc) =>
    doc.attachments.map((attachment) => attachmentKey(accountId, doc.id, attachment.id, attachment.ext)),
  );
  const stored: string[] = [];
  const now = Date.now();
  const put = async (key: string, bytes: Uint8Array) => {
    await storage().put(key, bytes);
    stored.push(key);
  };
  try {
    // Every put is waited for, so a file still being written when another failed is removed too.
    const puts = await Promise.allSettled([
      ...prepared.map((doc, i) => put(keys[i], doc.file.bytes)),
      ...prepared.flatMap((doc, i) => doc.attachments.map((attachment, j) => put(attachmentKeys[i][j], attachment.bytes))),
    ]);
    const failed = puts.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    return await db.$transaction(
      async (tx) => {
        const created = [];
        for (const [i, doc] of prepared.entries()) {
          const f = doc.fields;
          await assertOwnReferences(tx, accountId, {
            categoryId: f.categoryId,
            folderId: f.folderId,
            folderGroup: "document",
            tagIds: f.tagIds,
          });
          const ref = f.ref ?? (await nextRef(tx, accountId));
          await tx.document.create({
            data: {
              id: doc.id,
              accountId,
              authorId: ctx.userId,
              templateId: doc.templateId ?? null,
              name: doc.name,
              description: f.description ?? null,
              language: f.language ?? null,
              jurisdiction: f.jurisdiction ?? null,
              ref,
              risk: f.risk ?? null,
              complexity: f.complexity ?? null,
              priority: f.priority ?? null,
              value: f.value ?? null,
              currency: f.currency?.toUpperCase() ?? null,
              startedAt: toDate(f.startedAt) ?? null,
              endedAt: toDate(f.endedAt) ?? null,
              renewalAt: toDate(f.renewalAt) ?? null,
              categoryId: f.categoryId ?? null,
              folderId: f.folderId ?? null,
              tags: f.tagIds?.length ? { connect: f.tagIds.map((tagId) => ({ id: tagId })) } : undefined,
              variables: doc.variables ?? {},
              contents: {
                create: {
                  accountId,
                  authorId: ctx.userId,
                  version: 1,
                  name: clip(doc.file.name, 255),
                  mimetype: doc.file.mimetype,
                  path: keys[i],
                  size: doc.file.bytes.byteLength,
                  delimiters: doc.file.delimiters,
                  text: doc.file.text,
                },
              },
              attachments: doc.attachments.length
                ? {
                    create: doc.attachments.map((attachment, j) => ({
                      id: attachment.id,
                      // One millisecond apart, so they list in the order given (fields in template order).
                      createdAt: new Date(now + j),
                      accountId,
                      authorId: ctx.userId,
                      variable: attachment.variable,
                      name: attachment.name,
                      mimetype: attachment.mimetype,
                      size: attachment.bytes.byteLength,
                      path: attachmentKeys[i][j],
                    })),
                  }
                : undefined,
              policies: ctx.userId ? { create: { accountId, userId: ctx.userId, role: "owner" } } : undefined,
            },
          });
          await refreshSearchIndex(tx, doc.id);
          await recordAudit(tx, ctx, {
            eventType: doc.auditEvent,
            targetType: "document",
            targetId: doc.id,
            payload: { name: doc.name, ...((doc.auditPayload as object) ?? {}) },
          });
          created.push(await tx.document.findUniqueOrThrow({ where: { id: doc.id }, include: documentInclude }));
        }
        return created;
      },
      { timeout: 60_000 },
    );
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage().delete(key)));
    throw error;
  }
}
