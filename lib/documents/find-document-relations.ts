import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { requireDocumentRole } from "./access";
import { presentRelations, type PresentedRelation } from "./present-relations";
import { RELATIONS_PER_DOCUMENT_MAX } from "./relation-types";

/**
 * The relations of a document in both directions: from it (to documents and templates) and to
 * it (from other documents), oldest first. Needs reader (NOT_FOUND when the caller cannot see the
 * document). Documents on the other side that the caller cannot see are listed without their
 * name, status or id; templates without ViewTemplates likewise.
 */
export async function findDocumentRelations(ctx: ServiceContext, documentId: string): Promise<PresentedRelation[]> {
  const { accountId } = accountScope(ctx);
  const { document, role } = await requireDocumentRole(ctx, documentId, "reader");
  const [outgoing, incoming] = await Promise.all([
    db.documentRelation.findMany({
      where: { accountId, fromId: document.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: RELATIONS_PER_DOCUMENT_MAX,
    }),
    db.documentRelation.findMany({
      where: { accountId, toDocumentId: document.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: RELATIONS_PER_DOCUMENT_MAX,
    }),
  ]);
  return presentRelations(ctx, document.id, role, [...outgoing, ...incoming]);
}
