import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AccountContext } from "@/lib/auth/context";
import { calendarDay, dayBounds } from "@/lib/text/calendar-dates";
import { seesAllDocuments, visibleDocumentsSql } from "./access";
import { headlineSql } from "./document-highlights";
import { searchQuery } from "./search-index";
import { DOCUMENT_STATUSES } from "./status";
import { idString } from "@/lib/validation/ids";

const id = idString();

/** The dates a list filters by, its orders and their directions. */
export const DOCUMENT_DATE_FIELDS = ["createdAt", "updatedAt", "startedAt", "endedAt"] as const;
export const DOCUMENT_ORDERS = ["updatedAt", "createdAt", "name", "status", "endedAt", "ref", "relevance"] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** The /docs list filters (spec section 2): status, category, tags, folder, author, dates, text. */
export const documentListSchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(200).optional(),
    statuses: z.array(z.enum(DOCUMENT_STATUSES)).max(DOCUMENT_STATUSES.length).optional(),
    categoryId: id.optional(),
    tagIds: z.array(id).max(20).optional(),
    /** A folder id, or null for documents at the root (Drive). Absent: every folder. */
    folderId: id.nullable().optional().describe("A folder, or null for the root (Drive). Absent: every folder."),
    authorId: id.optional(),
    templateId: id.optional(),
    dateField: z.enum(DOCUMENT_DATE_FIELDS).default("createdAt"),
    from: calendarDay.optional().describe("YYYY-MM-DD, inclusive."),
    to: calendarDay.optional().describe("YYYY-MM-DD, inclusive."),
    archived: z.boolean().default(false),
    orderBy: z.enum(DOCUMENT_ORDERS).default("updatedAt"),
    sortBy: z.enum(SORT_DIRECTIONS).default("desc"),
  })
  .strict();
export type DocumentListInput = z.input<typeof documentListSchema>;

const COLUMNS: Record<string, string> = {
  updatedAt: "updatedAt",
  createdAt: "createdAt",
  name: "name",
  status: "status",
  endedAt: "endedAt",
  ref: "ref",
  startedAt: "startedAt",
};
/** Sort columns that are never null: where their nulls go changes nothing in their order. */
const NOT_NULL_COLUMNS = new Set(["updatedAt", "createdAt", "name", "status"]);

/**
 * Where the nulls of the sort column go. Nullable columns: last, either way. Columns that are
 * never null: the default, so "updatedAt" DESC is the order of the (accountId, archived,
 * [status,] updatedAt DESC) indexes and a list page reads its 25 rows off the index instead of
 * sorting every match. Except with a text search: the placement is then one no index has (DESC
 * NULLS LAST, ASC NULLS FIRST), so the GIN index picks the rows. Were the index order available,
 * PostgreSQL could walk the update-time index testing document after document against the query,
 * which for a rare word reads most of the table (0.5 ms became 200 ms on 100,000 documents,
 * docs/benchmarks.md).
 */
function nullsOrder(input: z.infer<typeof documentListSchema>): string {
  if (!NOT_NULL_COLUMNS.has(input.orderBy)) return " NULLS LAST";
  if (input.search) return input.sortBy === "asc" ? " NULLS FIRST" : " NULLS LAST";
  return "";
}

/** The SQL conditions of a list query: account, visibility, then each filter. */
export async function documentListConditions(ctx: AccountContext, input: z.infer<typeof documentListSchema>) {
  const conds: Prisma.Sql[] = [await visibleDocumentsSql(ctx)];
  conds.push(Prisma.sql`d.archived = ${input.archived}`);
  // One status is an equality, so the (accountId, archived, status, updatedAt DESC) index also gives
  // the order (with = ANY, PostgreSQL before 17 sorts every match). Several go through text[]: the
  // embedded database's driver sends an array meant for an enum array as plain text.
  if (input.statuses?.length === 1) conds.push(Prisma.sql`d.status = CAST(CAST(${input.statuses[0]} AS text) AS "DocumentStatus")`);
  else if (input.statuses?.length) conds.push(Prisma.sql`d.status = ANY(CAST(CAST(${input.statuses} AS text[]) AS "DocumentStatus"[]))`);
  if (input.categoryId) conds.push(Prisma.sql`d."categoryId" = ${input.categoryId}`);
  if (input.folderId === null) conds.push(Prisma.sql`d."folderId" IS NULL`);
  else if (input.folderId) conds.push(Prisma.sql`d."folderId" = ${input.folderId}`);
  if (input.authorId) conds.push(Prisma.sql`d."authorId" = ${input.authorId}`);
  if (input.templateId) conds.push(Prisma.sql`d."templateId" = ${input.templateId}`);
  if (input.tagIds?.length)
    conds.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "_DocumentToTag" dt WHERE dt."A" = d.id AND dt."B" = ANY(CAST(${input.tagIds} AS text[])))`,
    );
  const column = Prisma.raw(`d."${COLUMNS[input.dateField]}"`);
  const days = dayBounds(input.from, input.to);
  if (days.from) conds.push(Prisma.sql`${column} >= ${days.from}`);
  if (days.before) conds.push(Prisma.sql`${column} < ${days.before}`);
  if (input.search) conds.push(Prisma.sql`d.search @@ ${searchQuery(input.search, ctx.locale)}`);
  return Prisma.join(conds, " AND ");
}

/**
 * How the total of a list is counted: exactly (the default), or up to `countLimit` rows, beyond
 * which the list says "more than N" (the /docs screen: an exact count of 100,000 documents reads
 * every index entry, about 7 ms; counting to 10,000 stops at the 10,001st). A list of every
 * document the account holds, archived or not (no filter, and a caller who sees them all), reads
 * its exact total from "DocumentCount" instead, whatever the limit.
 */
export type ListCountOptions = { countLimit?: number };

/**
 * A search by relevance ranks at most this many matches (+ 1, to know there are more): the most
 * recently updated. Ranking reads each match's search vector, so ranking every one of a common
 * word's 53,000 matches in 100,000 documents took 130 to 170 ms of PostgreSQL a search; with the
 * limit PostgreSQL walks the update-time index until it has found them (docs/documents.md,
 * "Search"). Past it the total says "more than 2,000" and the pages stop there.
 */
export const SEARCH_RANK_LIMIT = 2_000;

/** Whether the list asks for nothing but archived or not: every document of the account on that side. */
const unfiltered = (input: z.infer<typeof documentListSchema>) =>
  !input.search &&
  !input.statuses?.length &&
  !input.categoryId &&
  input.folderId === undefined &&
  !input.authorId &&
  !input.templateId &&
  !input.tagIds?.length &&
  !input.from &&
  !input.to;

/**
 * The SQL of a list page: the page's ids in order (`ids`), and the total (`count`, up to
 * `countLimit` + 1 rows when given, unless it is read from "DocumentCount": `counted` says so, and
 * that total is exact). findDocuments sends one statement: without words to search,
 * `page`, both as subqueries of one SELECT (each keeps its own plan; one round trip instead of
 * two); with words, `search`: the page's ids with a window count of every match (`total`:
 * ranking or sorting the matches reads them all anyway, where a count of its own would find them
 * all again) and each row's matching passages (`headline`, ts_headline of its latest version's
 * text, run on the page's rows only, after the LIMIT). `count` alone is then needed only for a
 * page past the last. Exported so the benchmarks (bench/documents.ts, bench/pages.ts) run exactly
 * what findDocuments sends.
 */
export async function documentListSql(ctx: AccountContext, input: z.infer<typeof documentListSchema>, options: ListCountOptions = {}) {
  const where = await documentListConditions(ctx, input);
  const direction = input.sortBy === "asc" ? "ASC" : "DESC";
  // The sort keys: an SQL expression of the row `d` and its direction.
  const keys: [Prisma.Sql, string][] =
    input.orderBy === "relevance" && input.search
      ? [
          [Prisma.sql`ts_rank(d.search, ${searchQuery(input.search, ctx.locale)})`, " DESC"],
          [Prisma.sql`d."updatedAt"`, " DESC"],
        ]
      : input.orderBy === "relevance"
        ? [[Prisma.sql`d."updatedAt"`, " DESC"]]
        : [[Prisma.raw(`d."${COLUMNS[input.orderBy]}"`), ` ${direction}${nullsOrder(input)}`]];
  const order = Prisma.join(
    keys.map(([key, dir]) => Prisma.sql`${key}${Prisma.raw(dir)}`),
    ", ",
  );
  const limit = Prisma.sql`LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`;
  const ids = Prisma.sql`SELECT d.id FROM "Document" d WHERE ${where} ORDER BY ${order}, d.id ${limit}`;
  const ranked = input.orderBy === "relevance" && !!input.search;
  const countLimit = ranked ? SEARCH_RANK_LIMIT : options.countLimit;
  const counted = unfiltered(input) && (await seesAllDocuments(ctx));
  const count = counted
    ? Prisma.sql`SELECT coalesce((SELECT total FROM "DocumentCount" WHERE "accountId" = ${ctx.accountId} AND archived = ${input.archived}), 0) AS total`
    : countLimit
      ? Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM "Document" d WHERE ${where} LIMIT ${countLimit + 1}) counted`
      : Prisma.sql`SELECT count(*)::int AS total FROM "Document" d WHERE ${where}`;
  // With words: every match's sort keys (the rank among them) are worked out below the window
  // count (OFFSET 0 keeps that subquery apart), so the count buffers ids and keys, not the rows
  // with their search vectors (2 KB each: 2,000 matches spilled to disk). By relevance, only the
  // SEARCH_RANK_LIMIT + 1 most recently updated matches are ranked: the (accountId, archived,
  // updatedAt DESC) index gives that order, and PostgreSQL walks it for a common word (about two
  // documents read a match) or finds a rarer word's matches through the GIN index and keeps the
  // latest. Then the page's rows, numbered as they come out of the LIMIT, each with its latest
  // version's passages (one step back along the (documentId, version) unique index): ts_headline
  // runs on the page's rows only.
  const matches = Prisma.sql`SELECT m.id, count(*) OVER ()::int AS total
    FROM (SELECT d.id, ${Prisma.join(
      keys.map(([key], i) => Prisma.sql`${key} AS ${Prisma.raw(`k${i}`)}`),
      ", ",
    )} FROM "Document" d WHERE ${where} ${ranked ? Prisma.sql`ORDER BY d."updatedAt" DESC, d.id LIMIT ${SEARCH_RANK_LIMIT + 1}` : Prisma.sql`OFFSET 0`}) m
    ORDER BY ${Prisma.join(
      keys.map(([, dir], i) => Prisma.raw(`m.k${i}${dir}`)),
      ", ",
    )}, m.id ${limit}`;
  const search = input.search
    ? Prisma.sql`SELECT p.id, p.total, ${headlineSql(Prisma.sql`c.text`, input.search, ctx.locale)} AS headline
    FROM (SELECT page.*, row_number() OVER () AS n FROM (${matches}) page) p
    LEFT JOIN LATERAL (SELECT text FROM "DocumentContent" v WHERE v."documentId" = p.id ORDER BY v.version DESC LIMIT 1) c ON true
    ORDER BY p.n`
    : null;
  return {
    ids,
    count,
    counted,
    ranked,
    page: input.search ? null : Prisma.sql`SELECT ARRAY(${ids}) AS ids, (${count}) AS total`,
    search,
  };
}
