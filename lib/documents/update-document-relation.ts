import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import type { z } from "zod";
import { parseInput } from "@/lib/http/parse-input";
import { createDocumentRelation } from "./create-document-relation";
import { presentRelations, type PresentedRelation } from "./present-relations";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { assertNoDuplicate, auditPayload, relationNotFound, requireEditableRelation } from "./relation-rules";
import { createRelationSchema, updateRelationSchema } from "./relation-schemas";

/**
 * Changes a relation's type or tag (the context menu's "Update tag"; an empty tag clears it).
 * Needs editor on its source; CONFLICT when the new type duplicates another relation.
 */
export async function updateDocumentRelation(
  ctx: ServiceContext,
  relationId: string,
  input: z.output<typeof updateRelationSchema>,
): Promise<PresentedRelation> {
  const { relation, role } = await requireEditableRelation(ctx, relationId);
  const updated = await db.$transaction(async (tx) => {
    // The source document held: no unique index can refuse a duplicate (one target column is always null).
    await lockDocumentRow(tx, relation.fromId);
    if (input.type !== undefined && input.type !== relation.type)
      await assertNoDuplicate(tx, { ...relation, type: input.type }, relation.id);
    const row = await tx.documentRelation.update({ where: { id: relation.id }, data: { type: input.type, tag: input.tag } });
    await recordAudit(tx, ctx, {
      eventType: "document.relationUpdated",
      targetType: "document",
      targetId: relation.fromId,
      payload: auditPayload(row, { fields: Object.keys(input) }),
    });
    return row;
  });
  return (await presentRelations(ctx, relation.fromId, role, [updated]))[0];
}

/**
 * upsertRelation as its declaration parses it: without `id` the fields of a new relation, with it
 * a change of type or tag. The declaration takes both shapes at once, so it checks each field but
 * neither shape's own rules (one end and the default type of a new relation; no end beside `id`).
 */
export type UpsertRelationInput = z.output<typeof updateRelationSchema> & {
  id?: string | null;
  toDocumentId?: string | null;
  toTemplateId?: string | null;
};
/**
 * Creates a relation from `documentId`, or, when `id` names one of the account's relations
 * leaving that document, changes its type or tag (the target of a relation never changes:
 * `toDocumentId` or `toTemplateId` beside `id` is VALIDATION_FAILED). Same rules as
 * createDocumentRelation and updateDocumentRelation; a relation of another document or account
 * is NOT_FOUND.
 */
export async function upsertDocumentRelation(
  ctx: ServiceContext,
  documentId: string,
  { id, ...data }: UpsertRelationInput,
): Promise<PresentedRelation> {
  // The declaration parsed a shape of either kind: which one this is is judged here, by its own schema.
  if (!id) return createDocumentRelation(ctx, documentId, parseInput(createRelationSchema, data, "upsertRelation"));
  const input = parseInput(updateRelationSchema, data, "upsertRelation");
  const { relation } = await requireEditableRelation(ctx, id);
  // Seen from another document the id would name a relation this document does not own.
  if (relation.fromId !== documentId) throw relationNotFound();
  return updateDocumentRelation(ctx, relation.id, input);
}
