import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { assertCan, can } from "@/lib/auth/permissions";
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

/**
 * The columns a row of the list shows, and the caller's own active policies (their role on it):
 * not whole rows, whose JSON columns (values, settings, metadata) the list never shows.
 */
const rowSelect = (userId: string) =>
  ({
    id: true,
    name: true,
    ref: true,
    status: true,
    folderId: true,
    updatedAt: true,
    endedAt: true,
    category: { select: { name: true } },
    tags: { select: { id: true, name: true, color: true } },
    author: { select: { firstName: true, lastName: true, email: true } },
    contents: { orderBy: { version: "desc" }, take: 1, select: { mimetype: true } },
    policies: { where: { userId, status: "active" }, select: { userId: true, role: true, status: true } },
  }) as const satisfies Prisma.DocumentSelect;
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
 * DOCUMENT_LIST_COUNT_LIMIT, `capped` beyond), the folder tree, and the filters' categories, tags
 * and authors. Needs ViewDocuments or ManageDocuments (FORBIDDEN otherwise); throws a ZodError for
 * filters the list refuses (the page checks them first). Four statements for an administrator:
 * the page's ids, the total, the rows with the caller's policies, the options with the folders;
 * with words to search the ids statement counts too and the matching passages take one (four
 * again). tests/integration/documents/statement-counts.test.ts counts them.
 */
export async function loadDocumentList(ctx: ServiceContext, filters: DocumentListInput) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, ["ViewDocuments", "ManageDocuments"]);
  const input = documentListSchema.parse(filters);
  const load = (ids: string[]) => db.document.findMany({ where: { id: { in: ids }, accountId }, select: rowSelect(ctx.userId!) });
  const [result, options] = await Promise.all([
    findDocumentRows(ctx, input, load, { countLimit: DOCUMENT_LIST_COUNT_LIMIT }),
    listOptions(ctx, input.archived),
  ]);
  // The rows carry the caller's policies: no query here.
  const abilities = await documentRoles(ctx, result.items);
  const renditions = pdfRenditionsAvailable();
  return {
    canManage: can(ctx, "ManageDocuments"),
    ...options,
    page: { page: result.page, pages: result.pages, total: result.total, capped: result.capped },
    documents: result.items.map((d) => ({
      id: d.id,
      name: d.name,
      ref: d.ref,
      status: d.status,
      health: documentHealth(d),
      category: d.category?.name ?? null,
      tags: d.tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
      author: d.author ? `${d.author.firstName} ${d.author.lastName}`.trim() || d.author.email : null,
      folderId: d.folderId,
      updatedAt: d.updatedAt.toISOString(),
      endedAt: d.endedAt?.toISOString() ?? null,
      highlight: d.highlight,
      pdf: renditions || d.contents[0]?.mimetype === "application/pdf",
      abilities: { edit: abilities.get(d.id)?.edit ?? false, manage: abilities.get(d.id)?.manage ?? false },
    })),
  };
}
