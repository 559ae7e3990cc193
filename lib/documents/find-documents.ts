import type { z } from "zod";
import { db, queryRows } from "@/lib/db";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { pageOf } from "@/lib/pagination";
import { highlightOf, type HighlightPart } from "./document-highlights";
import { documentInclude } from "./document-include";
import { documentListSchema, documentListSql, SEARCH_RANK_LIMIT, type ListCountOptions } from "./document-list-sql";
import { documentHealth } from "./status";

/** The list's filters as its declaration parsed them (documentListSchema's output). */
export type DocumentListFilters = z.output<typeof documentListSchema>;

/**
 * The list's defaults, written out (documentListSchema's): every page, 25 rows, most recently
 * updated first. A caller that builds a list itself spreads them under its own filters.
 */
export const DOCUMENT_LIST_DEFAULTS = {
  page: 1,
  size: 25,
  dateField: "createdAt",
  archived: false,
  orderBy: "updatedAt",
  sortBy: "desc",
} as const satisfies DocumentListFilters;

/**
 * The ids of a list page in order and the total, in one statement of documentListSql (`page`,
 * or `search` with words to search, which brings each row's matching passages too). With
 * `countLimit`, a total past it is the limit and `capped` says so, and the pages go on; a total
 * read from "DocumentCount" is exact. A search's window count is exact, except by relevance past
 * SEARCH_RANK_LIMIT matches: the total is the limit, `capped` and `ranked`, and the pages end
 * there (only those are ranked). Sent through the driver (queryRows), not Prisma's request
 * pipeline, which cost more of the server's time than reading the answer: these run on every
 * list load.
 */
async function listPage(ctx: AccountContext, input: DocumentListFilters, options: ListCountOptions) {
  const sql = await documentListSql(ctx, input, options);
  const highlights = new Map<string, HighlightPart[] | null>();
  let ids: string[];
  let found: number;
  if (sql.search) {
    const rows = await queryRows<{ id: string; total: number; headline: string | null }>(sql.search.text, sql.search.values);
    ids = rows.map((r) => r.id);
    for (const r of rows) highlights.set(r.id, highlightOf(r.headline));
    found =
      rows[0]?.total ?? (input.page > 1 ? ((await queryRows<{ total: number }>(sql.count.text, sql.count.values))[0]?.total ?? 0) : 0);
  } else {
    const [row] = await queryRows<{ ids: string[]; total: number }>(sql.page!.text, sql.page!.values);
    ids = row?.ids ?? [];
    found = row?.total ?? 0;
  }
  // A search by relevance ranks SEARCH_RANK_LIMIT matches at most: its pages stop there.
  if (sql.ranked) {
    const ranked = found > SEARCH_RANK_LIMIT;
    return { ids, highlights, total: Math.min(found, SEARCH_RANK_LIMIT), capped: ranked, ranked };
  }
  const capped = !sql.search && !sql.counted && options.countLimit !== undefined && found > options.countLimit;
  return { ids, highlights, total: capped ? options.countLimit! : found, capped, ranked: false };
}

/**
 * A page of the documents the caller may see, filtered and sorted (25 by default), each row
 * loaded by `load` (given the page's ids, it returns their rows in any order), with the total
 * and, with words to search, each row's matching passages. The /docs screen loads only the
 * columns it shows this way (load-document-list.ts); findDocuments loads whole rows.
 */
export async function findDocumentRows<T extends { id: string }>(
  ctx: ServiceContext,
  input: DocumentListFilters,
  load: (ids: string[]) => Promise<T[]>,
  options: ListCountOptions = {},
) {
  accountScope(ctx);
  const { ids, highlights, total, capped, ranked } = await listPage(ctx as AccountContext, input, options);
  const documents = ids.length ? await load(ids) : [];
  const byId = new Map(documents.map((d) => [d.id, d]));
  const items = ids.flatMap((docId) => {
    const doc = byId.get(docId);
    return doc ? [{ ...doc, highlight: highlights.get(docId) ?? null }] : [];
  });
  const page = pageOf(items, total, { page: input.page, size: input.size });
  // Past a count's limit the pages are not known either: at least one more while this one is full.
  return {
    ...page,
    capped,
    ranked,
    pages: capped && !ranked ? Math.max(page.pages, input.page + (items.length === input.size ? 1 : 0)) : page.pages,
  };
}

/**
 * A page of the documents the caller may see, filtered and sorted (25 by default), with the
 * total. Full-text search ranks by relevance unless another order is asked for and returns the
 * matching passages. One SQL query picks the page's ids; one Prisma query loads them, with the
 * caller's own active policies (`policies`), from which documentRoles works out each row's role
 * without another query. With `countLimit`, the total stops there and `capped` says it did.
 */
export async function findDocuments(
  ctx: ServiceContext,
  input: DocumentListFilters = DOCUMENT_LIST_DEFAULTS,
  options: ListCountOptions = {},
) {
  const { accountId } = accountScope(ctx);
  const userId = (ctx as AccountContext).userId;
  const page = await findDocumentRows(
    ctx,
    input,
    (ids) =>
      db.document.findMany({
        where: { id: { in: ids }, accountId },
        include: {
          ...documentInclude,
          policies: { where: { userId, status: "active" }, select: { userId: true, role: true, status: true } },
        },
      }),
    options,
  );
  return { ...page, items: page.items.map((doc) => ({ ...doc, health: documentHealth(doc) })) };
}

/**
 * A whole list, for the CSV export: the ids of its first `max` documents in the list's order, in
 * one statement (the list's own, without a count or passages), and a reader of a slice of them
 * (from, to) that loads them through `load` (given ids, their rows in any order) and returns them
 * in that order. Reading it page by page through findDocuments sent the list's statement again
 * for each page, with its count and an OFFSET that grew: at 100,000 documents, 3 s for 10,000
 * rows, and 20 s for a search of a common word, whose 53,000 matches were counted a hundred times.
 */
export async function documentsInOrder<T extends { id: string }>(
  ctx: ServiceContext,
  input: DocumentListFilters,
  max: number,
  load: (ids: string[]) => Promise<T[]>,
) {
  accountScope(ctx);
  const { ids: idsSql } = await documentListSql(ctx as AccountContext, { ...input, page: 1, size: max });
  const ids = (await queryRows<{ id: string }>(idsSql.text, idsSql.values)).map((row) => row.id);
  return async (from: number, to: number) => {
    const slice = ids.slice(from, to);
    if (!slice.length) return [];
    const byId = new Map((await load(slice)).map((doc) => [doc.id, doc]));
    return slice.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  };
}

/** The list's filters without paging or order, as documentsCount's declaration parses them. */
export type DocumentCountFilters = Omit<DocumentListFilters, "page" | "size" | "orderBy" | "sortBy">;

/**
 * How many documents the caller sees with these filters: the list's own count (documentListSql),
 * exact; all of the workspace's is read from "DocumentCount".
 */
export async function countDocuments(ctx: ServiceContext, filters: DocumentCountFilters = DOCUMENT_LIST_DEFAULTS) {
  accountScope(ctx);
  const { count } = await documentListSql(ctx as AccountContext, { ...DOCUMENT_LIST_DEFAULTS, ...filters });
  const [row] = await queryRows<{ total: number }>(count.text, count.values);
  return row?.total ?? 0;
}

/** The documents most recently changed (spec "hot" documents), five by default. */
export async function hotDocuments(ctx: ServiceContext, size = 5) {
  return (await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, size: Math.min(Math.max(size, 1), 25), orderBy: "updatedAt" })).items;
}
