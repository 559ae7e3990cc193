import { queryPrepared } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { attachmentSelect, MAX_ATTACHMENTS } from "./attachment-view";
import { documentInclude } from "./document-include";
import { contentSelect } from "./find-document-versions";
import { POLICIES_MAX } from "./policies";
import { policyInclude } from "./policy-rules";

/**
 * What the document screen reads of a document, as a Prisma include: its details (getDocument's
 * documentInclude), every version with its storage path (the rendition's file), its attachments
 * (findDocumentAttachments) and its policies with their people, the pending requests included
 * (findDocumentPolicies; the caller's own policy gives their role). documentViewRow reads exactly
 * this in SQL of its own; tests/integration/documents/document-view-row.test.ts holds the two
 * to the same answer.
 */
export const viewInclude = (accountId: string) =>
  ({
    ...documentInclude,
    contents: { orderBy: { version: "desc" }, select: { ...contentSelect, path: true } },
    attachments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: attachmentSelect, take: MAX_ATTACHMENTS * 2 },
    policies: {
      where: { accountId, status: { in: ["active", "requested"] } },
      include: policyInclude(accountId),
      orderBy: [{ status: "asc" }, { role: "desc" }, { createdAt: "asc" }],
      take: POLICIES_MAX,
    },
  }) as const satisfies Prisma.DocumentInclude;

export type DocumentViewRow = Prisma.DocumentGetPayload<{ include: ReturnType<typeof viewInclude> }>;

/** A `timestamp` inside JSON ("2026-08-13T22:50:15.562", UTC without its zone) as the Date Prisma gives. */
const instant = (value: string | null) => (value === null ? null : new Date(`${value}Z`));

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
type RawRow = Omit<DocumentViewRow, "value" | "tags" | "category" | "folder" | "contents" | "attachments" | "policies"> & {
  value: string | null;
  tags: Json<DocumentViewRow["tags"][number]>[];
  category: Json<NonNullable<DocumentViewRow["category"]>> | null;
  folder: Json<NonNullable<DocumentViewRow["folder"]>> | null;
  contents: Json<DocumentViewRow["contents"][number]>[];
  attachments: Json<DocumentViewRow["attachments"][number]>[];
  policies: Json<DocumentViewRow["policies"][number]>[];
};

/**
 * The document `id` of `accountId` with what viewInclude names, in one prepared statement
 * through the driver (lib/db.ts queryPrepared), or null. Prisma answered the same in one
 * statement too, but turning its relation joins into objects cost about 1 ms of server CPU on
 * every load of the screen (issue 15). Its columns and JSON come back as Prisma gives them:
 * instants as Dates, the value as a Decimal.
 */
export async function documentViewRow(accountId: string, id: string): Promise<DocumentViewRow | null> {
  const [row] = await queryPrepared<RawRow>(Prisma.sql`
    SELECT d.id, d."accountId", d."authorId", d."templateId", d.name, d.description, d.status::text AS status, d.ref,
      d.language, d.jurisdiction, d.risk, d.complexity, d.priority, d.value::text AS value, d.currency,
      d."startedAt", d."endedAt", d."renewalAt", d."cancelledAt", d.archived, d."categoryId", d."folderId",
      d.variables, d.settings, d.metadata, d."lockedById", d."lockedAt", d."createdAt", d."updatedAt",
      COALESCE((SELECT json_agg(t ORDER BY t.id) FROM (
        SELECT t.id, t."accountId", t.name, t.color, t."createdAt", t."updatedAt"
        FROM "_DocumentToTag" dt JOIN "Tag" t ON t.id = dt."B" WHERE dt."A" = d.id) t), '[]') AS tags,
      (SELECT row_to_json(c) FROM (
        SELECT c.id, c."accountId", c.name, c.slug, c."group", c.hidden, c.global, c."createdAt", c."updatedAt"
        FROM "Category" c WHERE c.id = d."categoryId") c) AS category,
      (SELECT row_to_json(f) FROM (
        SELECT f.id, f."accountId", f.name, f."group", f."parentId", f."createdAt", f."updatedAt"
        FROM "Folder" f WHERE f.id = d."folderId") f) AS folder,
      (SELECT json_build_object('id', t.id, 'name', t.name) FROM "Template" t WHERE t.id = d."templateId") AS template,
      (SELECT json_build_object('id', u.id, 'firstName', u."firstName", 'lastName', u."lastName", 'email', u.email)
        FROM "User" u WHERE u.id = d."authorId") AS author,
      COALESCE((SELECT json_agg(v ORDER BY v.version DESC) FROM (
        SELECT v.id, v.version, v.name, v.mimetype, v.size, v."createdAt", v."authorId", v."readOnly", v.delimiters, v.path
        FROM "DocumentContent" v WHERE v."documentId" = d.id) v), '[]') AS contents,
      COALESCE((SELECT json_agg(a ORDER BY a."createdAt", a.id) FROM (
        SELECT a.id, a."documentId", a.variable, a.name, a.mimetype, a.size, a."authorId", a."createdAt"
        FROM "DocumentAttachment" a WHERE a."documentId" = d.id ORDER BY a."createdAt", a.id LIMIT ${MAX_ATTACHMENTS * 2}) a), '[]') AS attachments,
      COALESCE((SELECT json_agg(p.policy ORDER BY p.status, p.role DESC, p."createdAt", p.id) FROM (
        SELECT p.status, p.role, p."createdAt", p.id, json_build_object(
          'id', p.id, 'accountId', p."accountId", 'documentId', p."documentId", 'userId', p."userId", 'role', p.role,
          'status', p.status, 'important', p.important, 'subscribe', p.subscribe, 'note', p.note, 'metadata', p.metadata,
          'accessedAt', p."accessedAt", 'createdAt', p."createdAt", 'updatedAt', p."updatedAt",
          'user', (SELECT json_build_object('id', u.id, 'firstName', u."firstName", 'lastName', u."lastName", 'email', u.email,
              'avatar', u.avatar, 'language', u.language, 'deleted', u.deleted,
              'policies', COALESCE((SELECT json_agg(json_build_object('id', m.id)) FROM "AccountPolicy" m
                WHERE m."userId" = u.id AND m."accountId" = ${accountId} AND m.status = 'active'), '[]'))
            FROM "User" u WHERE u.id = p."userId")) AS policy
        FROM "DocumentPolicy" p
        WHERE p."documentId" = d.id AND p."accountId" = ${accountId} AND p.status IN ('active', 'requested')
        ORDER BY p.status, p.role DESC, p."createdAt", p.id LIMIT ${POLICIES_MAX}) p), '[]') AS policies
    FROM "Document" d
    WHERE d.id = ${id} AND d."accountId" = ${accountId}`);
  if (!row) return null;
  return {
    ...row,
    value: row.value === null ? null : new Prisma.Decimal(row.value),
    tags: row.tags.map((tag) => ({ ...tag, createdAt: instant(tag.createdAt)!, updatedAt: instant(tag.updatedAt)! })),
    category: row.category && { ...row.category, createdAt: instant(row.category.createdAt)!, updatedAt: instant(row.category.updatedAt)! },
    folder: row.folder && { ...row.folder, createdAt: instant(row.folder.createdAt)!, updatedAt: instant(row.folder.updatedAt)! },
    contents: row.contents.map((content) => ({ ...content, createdAt: instant(content.createdAt)! })),
    attachments: row.attachments.map((attachment) => ({ ...attachment, createdAt: instant(attachment.createdAt)! })),
    policies: row.policies.map((policy) => ({
      ...policy,
      accessedAt: instant(policy.accessedAt),
      createdAt: instant(policy.createdAt)!,
      updatedAt: instant(policy.updatedAt)!,
    })),
  };
}
