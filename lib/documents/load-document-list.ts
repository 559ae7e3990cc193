import { queryPrepared } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DocumentRoleName, DocumentStatus } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { accountScope } from "@/lib/accounts/scope";
import { documentOptions } from "./document-options";
import { documentRoles } from "./access";
import { authorOptions, documentsAuthorsSql } from "./find-documents-authors";
import { documentListSchema, type DocumentListInput } from "./document-list-sql";
import { findDocumentRows } from "./find-documents";
import { pdfRenditionsAvailable } from "./pdf-rendition";
import { documentHealth } from "./status";

/**
 * The /docs total is counted up to this many documents; beyond, the screen says "more than
 * 10,000" (an exact count of 100,000 documents reads every index entry: docs/benchmarks.md).
 */
export const DOCUMENT_LIST_COUNT_LIMIT = 10_000;

type PolicyOfCaller = { userId: string; role: DocumentRoleName; status: string };
type ListRow = {
  id: string;
  name: string;
  ref: string | null;
  status: DocumentStatus;
  folderId: string | null;
  updatedAt: Date;
  endedAt: Date | null;
  category: string | null;
  tags: { id: string; name: string; color: string }[];
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  mimetype: string | null;
  policies: PolicyOfCaller[];
};

/**
 * The page's rows with only what the list shows, in one plain statement: the columns (not the
 * JSON columns of values, settings and metadata), the category's name, the tags, the author, the
 * latest version's file type, and the caller's own active policies (their role on it). It reads
 * what Prisma's joined select of the same relations read, without its query building and result
 * shaping, about half of this statement's cost in the server (docs/benchmarks.md, "Pages"); its
 * text never changes, so it is sent prepared (queryPrepared).
 * tests/integration/documents/load-document-list.test.ts checks the rows against findDocuments.
 */
const listRows = (accountId: string, userId: string, ids: string[]) =>
  queryPrepared<ListRow>(Prisma.sql`
    SELECT d.id, d.name, d.ref, d.status::text AS status, d."folderId", d."updatedAt", d."endedAt", c.name AS category,
      COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.name, t.id)
        FROM "_DocumentToTag" dt JOIN "Tag" t ON t.id = dt."B" WHERE dt."A" = d.id), '[]'::json) AS tags,
      u."firstName", u."lastName", u.email,
      (SELECT v.mimetype FROM "DocumentContent" v WHERE v."documentId" = d.id ORDER BY v.version DESC LIMIT 1) AS mimetype,
      COALESCE((SELECT json_agg(json_build_object('userId', p."userId", 'role', p.role, 'status', p.status))
        FROM "DocumentPolicy" p WHERE p."documentId" = d.id AND p."userId" = ${userId} AND p.status = 'active'), '[]'::json) AS policies
    FROM "Document" d
    LEFT JOIN "Category" c ON c.id = d."categoryId"
    LEFT JOIN "User" u ON u.id = d."authorId"
    WHERE d.id = ANY(CAST(${ids} AS text[])) AND d."accountId" = ${accountId}`);
type Author = { id: string; firstName: string; lastName: string; email: string };

/**
 * The filter options of the list and its folders in one statement (documentOptions): the
 * workspace's document categories, its tags, its folders and the authors of the documents the
 * caller sees (documentsAuthorsSql, the same SQL as findDocumentsAuthors).
 * tests/integration/documents/load-document-list.test.ts checks they agree with those services.
 */
async function listOptions(ctx: ServiceContext, archived: boolean) {
  const authors = await documentsAuthorsSql(ctx, archived);
  const { categories, tags, folders, extra } = await documentOptions<Author>(ctx, authors ?? undefined);
  return { categories, tags, folders, authors: authorOptions(extra) };
}

/**
 * Everything the documents list (/docs) shows, in one go: the page of documents with each row's
 * abilities (the caller's role) and matching passages, the total (counted up to
 * DOCUMENT_LIST_COUNT_LIMIT, `capped` beyond; a search by relevance ranks SEARCH_RANK_LIMIT
 * matches at most, `ranked` past them), the folder tree, and the filters' categories, tags
 * and authors. Needs ViewDocuments or ManageDocuments (FORBIDDEN otherwise); throws a ZodError for
 * filters the list refuses (the page checks them first). Four statements for an administrator:
 * the page's ids, the total, the rows with the caller's policies, the options with the folders;
 * with words to search the ids statement counts too and the matching passages take one (four
 * again). tests/integration/documents/statement-counts.test.ts counts them.
 */
export async function loadDocumentList(ctx: ServiceContext, filters: DocumentListInput) {
  const { accountId } = accountScope(ctx);
  // The edge: the filters come from the page's address (raw), so they are parsed here.
  const input = documentListSchema.parse(filters);
  const load = (ids: string[]) => listRows(accountId, ctx.userId!, ids);
  const [result, options] = await Promise.all([
    findDocumentRows(ctx, input, load, { countLimit: DOCUMENT_LIST_COUNT_LIMIT }),
    listOptions(ctx, input.archived),
  ]);
  // The rows carry the caller's policies: no query here.
  const abilities = await documentRoles(ctx, result.items);
  const renditions = pdfRenditionsAvailable();
  const now = new Date();
  return {
    canManage: can(ctx, "ManageDocuments"),
    ...options,
    page: { page: result.page, pages: result.pages, total: result.total, capped: result.capped, ranked: result.ranked },
    documents: result.items.map((d) => ({
      id: d.id,
      name: d.name,
      ref: d.ref,
      status: d.status,
      health: documentHealth(d, now),
      category: d.category,
      tags: d.tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
      author: d.email !== null ? `${d.firstName} ${d.lastName}`.trim() || d.email : null,
      folderId: d.folderId,
      updatedAt: d.updatedAt.toISOString(),
      endedAt: d.endedAt?.toISOString() ?? null,
      highlight: d.highlight,
      pdf: renditions || d.mimetype === "application/pdf",
      abilities: { edit: abilities.get(d.id)?.edit ?? false, manage: abilities.get(d.id)?.manage ?? false },
    })),
  };
}
