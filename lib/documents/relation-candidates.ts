import type { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import type { DocumentStatus } from "@/lib/generated/prisma/client";
import { canSeeTemplates } from "@/lib/templates/template-access";
import { TEMPLATE_LIST_DEFAULTS } from "@/lib/templates/find-templates";
import { findTemplates } from "@/lib/templates/templates";
import { requireDocumentRole, visibleDocumentsWhere } from "./access";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "./find-documents";
import type { relationCandidatesSchema } from "./relation-schemas";

/** The relation picker's search (spec DocumentRelation): what an editor may relate a document to. */
export type RelationCandidates = {
  documents: { id: string; name: string; ref: string | null; status: DocumentStatus }[];
  templates: { id: string; name: string }[];
};

const CANDIDATES = 10;

/**
 * What the relation picker offers for `q`: up to 10 documents the caller sees (not archived, not
 * this one) and up to 10 templates. Three characters or more use the full-text search, topped up
 * with names containing `q`; shorter text only the names; no text, the latest changed. Needs
 * editor on the document (only editors add relations).
 */
export async function findRelationCandidates(
  ctx: ServiceContext,
  documentId: string,
  { q }: z.output<typeof relationCandidatesSchema>,
): Promise<RelationCandidates> {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const pick = (d: { id: string; name: string; ref: string | null; status: DocumentStatus }) => ({
    id: d.id,
    name: d.name,
    ref: d.ref,
    status: d.status,
  });
  const found = new Map<string, RelationCandidates["documents"][number]>();
  if (q.length >= 3 || !q) {
    const page = await findDocuments(ctx, {
      ...DOCUMENT_LIST_DEFAULTS,
      search: q || undefined,
      size: CANDIDATES + 1,
      orderBy: q ? "relevance" : "updatedAt",
    });
    for (const d of page.items) if (d.id !== document.id) found.set(d.id, pick(d));
  }
  if (q && found.size < CANDIDATES) {
    // The same visibility rule as the lists (visibleDocumentsWhere), on the name only.
    const byName = await db.document.findMany({
      where: {
        AND: [await visibleDocumentsWhere(ctx), { archived: false, id: { not: document.id }, name: { contains: q, mode: "insensitive" } }],
      },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      take: CANDIDATES,
      select: { id: true, name: true, ref: true, status: true },
    });
    for (const d of byName) if (!found.has(d.id)) found.set(d.id, pick(d));
  }
  const templates = canSeeTemplates(ctx)
    ? (
        await findTemplates(ctx, {
          ...TEMPLATE_LIST_DEFAULTS,
          search: q || undefined,
          size: CANDIDATES,
          orderBy: q ? "name" : "updatedAt",
          sortBy: q ? "asc" : "desc",
        })
      ).items
    : [];
  return {
    documents: [...found.values()].slice(0, CANDIDATES),
    templates: templates.map((t) => ({ id: t.id, name: t.name })),
  };
}
