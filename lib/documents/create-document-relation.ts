import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { z } from "zod";
import { getTemplate } from "@/lib/templates/templates";
import { requireDocumentRole } from "./access";
import { presentRelations, type PresentedRelation } from "./present-relations";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { assertNoDuplicate, auditPayload } from "./relation-rules";
import type { createRelationSchema } from "./relation-schemas";
import { RELATIONS_PER_DOCUMENT_MAX } from "./relation-types";

/**
 * Relates a document to another document or to a template of the same account. Needs editor on
 * the source; the target must be one the caller sees (NOT_FOUND otherwise, another account's
 * included; a template needs ViewTemplates). VALIDATION_FAILED for a relation to itself,
 * CONFLICT for the same target and type twice, LIMIT_EXCEEDED past RELATIONS_PER_DOCUMENT_MAX.
 */
export async function createDocumentRelation(
  ctx: ServiceContext,
  documentId: string,
  input: z.output<typeof createRelationSchema>,
): Promise<PresentedRelation> {
  const { accountId } = accountScope(ctx);
  const { document, role } = await requireDocumentRole(ctx, documentId, "editor");
  if (input.toDocumentId === document.id) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "A document cannot be related to itself.",
      params: { fields: "toDocumentId" },
      details: { fields: [{ path: "toDocumentId", code: "self", message: "A document cannot be related to itself." }] },
    });
  }
  if (input.toDocumentId) await requireDocumentRole(ctx, input.toDocumentId, "reader");
  if (input.toTemplateId) await getTemplate(ctx, input.toTemplateId);
  const created = await db.$transaction(async (tx) => {
    // The source document held: no unique index can refuse a duplicate (one target column is always null).
    await lockDocumentRow(tx, document.id);
    const count = await tx.documentRelation.count({ where: { accountId, fromId: document.id } });
    if (count >= RELATIONS_PER_DOCUMENT_MAX) {
      throw new AppError(AppErrorCode.LIMIT_EXCEEDED, {
        message: `A document may have at most ${RELATIONS_PER_DOCUMENT_MAX} relations.`,
        params: { max: RELATIONS_PER_DOCUMENT_MAX },
      });
    }
    const data = {
      accountId,
      fromId: document.id,
      toDocumentId: input.toDocumentId ?? null,
      toTemplateId: input.toTemplateId ?? null,
      type: input.type,
    };
    await assertNoDuplicate(tx, data);
    const relation = await tx.documentRelation.create({ data: { ...data, tag: input.tag ?? null, createdById: ctx.userId } });
    await recordAudit(tx, ctx, {
      eventType: "document.relationAdded",
      targetType: "document",
      targetId: document.id,
      payload: auditPayload(relation),
    });
    return relation;
  });
  return (await presentRelations(ctx, document.id, role, [created]))[0];
}
