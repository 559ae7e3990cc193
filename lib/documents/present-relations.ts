import { db } from "@/lib/db";
import type { DocumentRelation, DocumentRoleName, DocumentStatus } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { canSeeTemplates } from "@/lib/templates/template-access";
import { documentRoles, roleAtLeast } from "./access";
import type { RelationType } from "./relation-types";

/**
 * Relations between documents, and from a document to a template (spec DocumentRelation).
 * Seeing them needs reader on the document; adding, retyping, tagging and removing need editor
 * on the source (`from`) document. The other side of a relation is shown only as far as the
 * caller may see it: a document they cannot open appears without name, status or id.
 */

/** The other side of a relation as the caller may see it. */
export type RelationEnd = {
  kind: "document" | "template";
  /** null when the caller may not open it. */
  id: string | null;
  name: string | null;
  status: DocumentStatus | null;
  /** pdf or docx (the latest version's, or the template's), for the download item; null when hidden. */
  format: "pdf" | "docx" | null;
  canOpen: boolean;
};

export type PresentedRelation = {
  id: string;
  type: RelationType;
  tag: string | null;
  /** outgoing: this document → other; incoming: other → this document. */
  direction: "outgoing" | "incoming";
  other: RelationEnd;
  /** Whether the caller may retag or remove it (editor on its source). */
  canEdit: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const hidden = (kind: RelationEnd["kind"]): RelationEnd => ({ kind, id: null, name: null, status: null, format: null, canOpen: false });
const formatOf = (mimetype: string | undefined): RelationEnd["format"] =>
  mimetype === "application/pdf" ? "pdf" : mimetype ? "docx" : null;

/**
 * Shows relations from the point of view of `documentId`, whose caller role is `role`: one query
 * for the documents on the other side, one for the templates, and the caller's roles on those
 * documents without a query each.
 */
export async function presentRelations(
  ctx: ServiceContext,
  documentId: string,
  role: DocumentRoleName,
  rows: DocumentRelation[],
): Promise<PresentedRelation[]> {
  const { accountId } = accountScope(ctx);
  const otherDocumentId = (r: DocumentRelation) => (r.fromId === documentId ? r.toDocumentId : r.fromId);
  const documentIds = [...new Set(rows.map(otherDocumentId).filter((id): id is string => !!id))];
  const templateIds = [...new Set(rows.filter((r) => r.fromId === documentId && r.toTemplateId).map((r) => r.toTemplateId!))];
  const seesTemplates = canSeeTemplates(ctx);
  const [documents, abilities, templates] = await Promise.all([
    documentIds.length
      ? db.document.findMany({
          where: { accountId, id: { in: documentIds } },
          select: { id: true, name: true, status: true, contents: { orderBy: { version: "desc" }, take: 1, select: { mimetype: true } } },
        })
      : [],
    documentIds.length ? documentRoles(ctx, documentIds) : new Map<string, { view: boolean; edit: boolean }>(),
    templateIds.length && seesTemplates
      ? db.template.findMany({ where: { accountId, id: { in: templateIds } }, select: { id: true, name: true, format: true } })
      : [],
  ]);
  const documentsById = new Map(documents.map((d) => [d.id, d]));
  const templatesById = new Map(templates.map((t) => [t.id, t]));
  const canEditHere = roleAtLeast(role, "editor");

  return rows.map((r) => {
    const direction = r.fromId === documentId ? "outgoing" : "incoming";
    let other: RelationEnd;
    if (r.toTemplateId && direction === "outgoing") {
      const template = templatesById.get(r.toTemplateId);
      other = template
        ? {
            kind: "template",
            id: template.id,
            name: template.name,
            status: null,
            format: template.format === "pdf" ? "pdf" : "docx",
            canOpen: true,
          }
        : hidden("template");
    } else {
      const id = otherDocumentId(r)!;
      const doc = documentsById.get(id);
      other =
        doc && abilities.get(id)?.view
          ? { kind: "document", id: doc.id, name: doc.name, status: doc.status, format: formatOf(doc.contents[0]?.mimetype), canOpen: true }
          : hidden("document");
    }
    const canEdit = direction === "outgoing" ? canEditHere : !!abilities.get(r.fromId)?.edit;
    return {
      id: r.id,
      type: r.type as RelationType,
      tag: r.tag,
      direction,
      other,
      canEdit,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  });
}
