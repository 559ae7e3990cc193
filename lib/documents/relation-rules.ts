import { db } from "@/lib/db";
import type { DocumentRelation, Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { requireDocumentRole } from "./access";

/** What every change of a relation shares: finding it, the duplicate check, the lock and the audit payload. */

export const relationNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Relation not found." });
/** Same target and type already related from this document: CONFLICT. */
export async function assertNoDuplicate(
  tx: Prisma.TransactionClient,
  relation: Pick<DocumentRelation, "accountId" | "fromId" | "toDocumentId" | "toTemplateId" | "type">,
  exceptId?: string,
) {
  const existing = await tx.documentRelation.findFirst({
    where: {
      accountId: relation.accountId,
      fromId: relation.fromId,
      toDocumentId: relation.toDocumentId,
      toTemplateId: relation.toTemplateId,
      type: relation.type,
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { id: true },
  });
  if (existing) throw new AppError(AppErrorCode.CONFLICT, { message: "These documents are already related this way." });
}

export const auditPayload = (relation: DocumentRelation, extra: Record<string, unknown> = {}): Prisma.InputJsonValue => ({
  relationId: relation.id,
  type: relation.type,
  tag: relation.tag,
  toKind: relation.toTemplateId ? "template" : "document",
  toId: relation.toTemplateId ?? relation.toDocumentId,
  ...extra,
});

/** A relation of the caller's account with editor on its source; someone who cannot see the source does not learn it exists. */
export async function requireEditableRelation(ctx: ServiceContext, relationId: string) {
  const { accountId } = accountScope(ctx);
  const relation = relationId.length <= 64 ? await db.documentRelation.findFirst({ where: { id: relationId, accountId } }) : null;
  if (!relation) throw relationNotFound();
  try {
    const { role } = await requireDocumentRole(ctx, relation.fromId, "editor");
    return { relation, role };
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) throw relationNotFound();
    throw error;
  }
}
