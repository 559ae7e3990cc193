import { z } from "zod";
import { db } from "@/lib/db";
import type { DocumentRelation, DocumentRoleName, DocumentStatus, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { can } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { getTemplate } from "@/lib/templates/templates";
import { documentRoles, requireDocumentRole, roleAtLeast } from "./access";
import { createRelationSchema, updateRelationSchema, type CreateRelationInput, type UpdateRelationInput } from "./relation-schemas";
import { RELATIONS_PER_DOCUMENT_MAX, type RelationType } from "./relation-types";

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

/** bulkDeleteRelations and its REST twin: at most as many as one document may have. */
export const relationIdsSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(RELATIONS_PER_DOCUMENT_MAX) }).strict();

/** upsertRelation: without `id` the fields of a new relation, with it a change of type or tag. */
export type UpsertRelationInput = CreateRelationInput & { id?: string | null };

const relationNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Relation not found." });

const hidden = (kind: RelationEnd["kind"]): RelationEnd => ({ kind, id: null, name: null, status: null, format: null, canOpen: false });
const formatOf = (mimetype: string | undefined): RelationEnd["format"] =>
  mimetype === "application/pdf" ? "pdf" : mimetype ? "docx" : null;

/**
 * Shows relations from the point of view of `documentId`, whose caller role is `role`: one query
 * for the documents on the other side, one for the templates, and the caller's roles on those
 * documents without a query each.
 */
async function presentRelations(
  ctx: ServiceContext,
  documentId: string,
  role: DocumentRoleName,
  rows: DocumentRelation[],
): Promise<PresentedRelation[]> {
  const { accountId } = accountScope(ctx);
  const otherDocumentId = (r: DocumentRelation) => (r.fromId === documentId ? r.toDocumentId : r.fromId);
  const documentIds = [...new Set(rows.map(otherDocumentId).filter((id): id is string => !!id))];
  const templateIds = [...new Set(rows.filter((r) => r.fromId === documentId && r.toTemplateId).map((r) => r.toTemplateId!))];
  const seesTemplates = can(ctx, ["ViewTemplates", "ManageTemplates"]);
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

/** Same target and type already related from this document: CONFLICT. */
async function assertNoDuplicate(
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

/**
 * Serialises relation writes of one source document, so the duplicate check and the count
 * cannot interleave with another transaction's insert (there is no unique index: one of the two
 * target columns is always null).
 */
const lockSource = (tx: Prisma.TransactionClient, documentId: string) =>
  tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${documentId} FOR UPDATE`;

const auditPayload = (relation: DocumentRelation, extra: Record<string, unknown> = {}): Prisma.InputJsonValue => ({
  relationId: relation.id,
  type: relation.type,
  tag: relation.tag,
  toKind: relation.toTemplateId ? "template" : "document",
  toId: relation.toTemplateId ?? relation.toDocumentId,
  ...extra,
});

/**
 * Relates a document to another document or to a template of the same account. Needs editor on
 * the source; the target must be one the caller sees (NOT_FOUND otherwise, another account's
 * included; a template needs ViewTemplates). VALIDATION_FAILED for a relation to itself,
 * CONFLICT for the same target and type twice, LIMIT_EXCEEDED past RELATIONS_PER_DOCUMENT_MAX.
 */
export async function createDocumentRelation(
  ctx: ServiceContext,
  documentId: string,
  raw: CreateRelationInput,
): Promise<PresentedRelation> {
  const { accountId } = accountScope(ctx);
  const input = parseInput(createRelationSchema, raw, "createRelation");
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
    await lockSource(tx, document.id);
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

/** A relation of the caller's account with editor on its source; someone who cannot see the source does not learn it exists. */
async function requireEditableRelation(ctx: ServiceContext, relationId: string) {
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

/**
 * Changes a relation's type or tag (the context menu's "Update tag"; an empty tag clears it).
 * Needs editor on its source; CONFLICT when the new type duplicates another relation.
 */
export async function updateDocumentRelation(
  ctx: ServiceContext,
  relationId: string,
  raw: UpdateRelationInput,
): Promise<PresentedRelation> {
  const input = parseInput(updateRelationSchema, raw, "updateRelation");
  const { relation, role } = await requireEditableRelation(ctx, relationId);
  const updated = await db.$transaction(async (tx) => {
    await lockSource(tx, relation.fromId);
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
 * Creates a relation from `documentId`, or, when `id` names one of the account's relations
 * leaving that document, changes its type or tag (the target of a relation never changes:
 * `toDocumentId` or `toTemplateId` beside `id` is VALIDATION_FAILED). Same rules as
 * createDocumentRelation and updateDocumentRelation; a relation of another document or account
 * is NOT_FOUND.
 */
export async function upsertDocumentRelation(
  ctx: ServiceContext,
  documentId: string,
  raw: UpsertRelationInput,
): Promise<PresentedRelation> {
  const { id, ...data } = raw;
  if (!id) return createDocumentRelation(ctx, documentId, data);
  const input = parseInput(updateRelationSchema, data, "upsertRelation");
  const { relation } = await requireEditableRelation(ctx, id);
  // Seen from another document the id would name a relation this document does not own.
  if (relation.fromId !== documentId) throw relationNotFound();
  return updateDocumentRelation(ctx, relation.id, input);
}

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
