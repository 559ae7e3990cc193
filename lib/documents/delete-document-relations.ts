import { z } from "zod";
import { db } from "@/lib/db";
import type { DocumentRelation } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { auditPayload, relationNotFound, requireEditableRelation } from "./relation-rules";
import { RELATIONS_PER_DOCUMENT_MAX } from "./relation-types";
import { idString } from "@/lib/validation/ids";

/** bulkDeleteRelations and its REST twin: at most as many as one document may have. */
export const relationIdsSchema = z.object({ ids: z.array(idString()).min(1).max(RELATIONS_PER_DOCUMENT_MAX) }).strict();
/** Removes a relation (the context menu's "Remove"). Needs editor on its source. */
export async function deleteDocumentRelation(ctx: ServiceContext, relationId: string): Promise<string> {
  return (await deleteDocumentRelations(ctx, [relationId]))[0];
}

/**
 * Removes relations, all or none: each needs editor on its source, as removing one; NOT_FOUND
 * for any id of another account, or whose source the caller cannot see (nothing is removed
 * then). One audit row per relation. Returns the removed ids.
 */
export async function deleteDocumentRelations(ctx: ServiceContext, ids: string[]): Promise<string[]> {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(ids)];
  const relations: DocumentRelation[] = [];
  for (const id of unique) relations.push((await requireEditableRelation(ctx, id)).relation);
  await db.$transaction(async (tx) => {
    const { count } = await tx.documentRelation.deleteMany({ where: { accountId, id: { in: relations.map((r) => r.id) } } });
    // Another request removed one meanwhile: all or none.
    if (count !== relations.length) throw relationNotFound();
    for (const relation of relations) {
      await recordAudit(tx, ctx, {
        eventType: "document.relationRemoved",
        targetType: "document",
        targetId: relation.fromId,
        payload: auditPayload(relation),
      });
    }
  });
  return unique;
}
