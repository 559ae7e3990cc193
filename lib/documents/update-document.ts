import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { requireDocumentRole } from "./access";
import type { DocumentFields } from "./document-schemas";
import { documentInclude } from "./document-include";
import { assertNotLockedByOther } from "./document-lock";
import { assertOwnReferences } from "./references";
import { refreshSearchIndex } from "./search-index";

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/** Updates a document's details (name, dates, value, category, tags, folder ...). Needs editor. */
export async function updateDocument(ctx: ServiceContext, documentId: string, input: DocumentFields) {
  const { accountId } = accountScope(ctx);
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

export type DocumentWithInclude = Prisma.DocumentGetPayload<{ include: typeof documentInclude }>;
