import { z } from "zod";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { getTranslator } from "@/lib/i18n/messages";
import { pageOf } from "@/lib/pagination";
import { displayName } from "@/lib/users/person";
import { documentVisibility, visibleDocumentsSql } from "./access";
import { documentInclude } from "./create-document";
import { searchConfig, searchQuery } from "./search-index";
import { DOCUMENT_STATUSES, documentHealth, EXPIRY_NOTICE_DAYS } from "./status";

const id = z.string().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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
    folderId: id.nullable().optional(),
    authorId: id.optional(),
    templateId: id.optional(),
    dateField: z.enum(["createdAt", "updatedAt", "startedAt", "endedAt"]).default("createdAt"),
    from: day.optional(),
    to: day.optional(),
    archived: z.boolean().default(false),
    orderBy: z.enum(["updatedAt", "createdAt", "name", "status", "endedAt", "ref", "relevance"]).default("updatedAt"),
    sortBy: z.enum(["asc", "desc"]).default("desc"),
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
async function conditions(ctx: AccountContext, input: z.infer<typeof documentListSchema>) {
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
  if (input.from) conds.push(Prisma.sql`${column} >= ${new Date(`${input.from}T00:00:00Z`)}`);
  if (input.to) conds.push(Prisma.sql`${column} < ${new Date(new Date(`${input.to}T00:00:00Z`).getTime() + 86_400_000)}`);
  if (input.search) conds.push(Prisma.sql`d.search @@ ${searchQuery(input.search, ctx.locale)}`);
  return Prisma.join(conds, " AND ");
}

export type HighlightPart = { text: string; match: boolean };
const START = "\u0001";
const STOP = "\u0002";

/** ts_headline's output split into plain and matched parts, so screens never render raw HTML. */
export function splitHighlight(headline: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  for (const piece of headline.split(START)) {
    const [match, rest] = piece.includes(STOP) ? piece.split(STOP) : [null, piece];
    if (match) parts.push({ text: match, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

/** The matching passages of each document's latest version, for a list's rows (one statement). */
export async function documentHighlights(ids: string[], text: string, locale: string) {
  if (!ids.length) return new Map<string, HighlightPart[]>();
  const options = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
  const rows = await db.$queryRaw<{ id: string; headline: string }[]>`
    SELECT c."documentId" AS id, ts_headline(${searchConfig(locale)}::regconfig, left(c.text, 50000), ${searchQuery(text, locale)}, ${options}) AS headline
    FROM (SELECT DISTINCT ON ("documentId") "documentId", text FROM "DocumentContent" WHERE "documentId" = ANY(CAST(${ids} AS text[])) ORDER BY "documentId", version DESC) c`;
  return new Map(rows.filter((r) => r.headline.includes(START)).map((r) => [r.id, splitHighlight(r.headline)]));
}

/**
 * How the total of a list is counted: exactly (the default), or up to `countLimit` rows, beyond
 * which the list says "more than N" (the /docs screen: an exact count of 100,000 documents reads
 * every index entry, about 7 ms; counting to 10,000 stops at the 10,001st).
 */
export type ListCountOptions = { countLimit?: number };

/**
 * The SQL of a list page: the page's ids in order (`ids`), and the total (`count`, up to
 * `countLimit` + 1 rows when given). findDocuments sends one statement: without words to search,
 * `page`, both as subqueries of one SELECT (each keeps its own plan; one round trip instead of
 * two); with words, `ids`, which then counts every match too (`total`, a window count): ranking
 * or sorting the matches reads them all anyway, where a count of its own would find them all
 * again. `count` alone is then needed only for a page past the last. Exported so the benchmarks
 * (bench/documents.ts, bench/pages.ts) run exactly what findDocuments sends.
 */
export async function documentListSql(ctx: AccountContext, input: z.infer<typeof documentListSchema>, options: ListCountOptions = {}) {
  const where = await conditions(ctx, input);
  const direction = Prisma.raw(input.sortBy === "asc" ? "ASC" : "DESC");
  const order =
    input.orderBy === "relevance" && input.search
      ? Prisma.sql`ts_rank(d.search, ${searchQuery(input.search, ctx.locale)}) DESC, d."updatedAt" DESC`
      : input.orderBy === "relevance"
        ? Prisma.sql`d."updatedAt" DESC`
        : Prisma.sql`${Prisma.raw(`d."${COLUMNS[input.orderBy]}"`)} ${direction}${Prisma.raw(nullsOrder(input))}`;
  const ids = (total: Prisma.Sql) =>
    Prisma.sql`SELECT d.id${total} FROM "Document" d WHERE ${where} ORDER BY ${order}, d.id LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`;
  const count = options.countLimit
    ? Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM "Document" d WHERE ${where} LIMIT ${options.countLimit + 1}) counted`
    : Prisma.sql`SELECT count(*)::int AS total FROM "Document" d WHERE ${where}`;
  return {
    ids: input.search ? ids(Prisma.sql`, count(*) OVER ()::int AS total`) : ids(Prisma.empty),
    count,
    page: input.search ? null : Prisma.sql`SELECT ARRAY(${ids(Prisma.empty)}) AS ids, (${count}) AS total`,
  };
}

/**
 * The ids of a list page in order and the total, in one statement of documentListSql (`page`,
 * or `ids` with words to search). With `countLimit`, a total past it is the limit and `capped`
 * says so (a search's window count is exact, and never capped).
 */
async function listPage(ctx: AccountContext, input: z.infer<typeof documentListSchema>, options: ListCountOptions) {
  const sql = await documentListSql(ctx, input, options);
  let ids: string[];
  let found: number;
  if (sql.page) {
    const [row] = await db.$queryRaw<{ ids: string[]; total: number }[]>(sql.page);
    ids = row?.ids ?? [];
    found = row?.total ?? 0;
  } else {
    const rows = await db.$queryRaw<{ id: string; total: number }[]>(sql.ids);
    ids = rows.map((r) => r.id);
    found = rows[0]?.total ?? (input.page > 1 ? ((await db.$queryRaw<{ total: number }[]>(sql.count))[0]?.total ?? 0) : 0);
  }
  const capped = !!sql.page && options.countLimit !== undefined && found > options.countLimit;
  return { ids, total: capped ? options.countLimit! : found, capped };
}

/**
 * A page of the documents the caller may see, filtered and sorted (25 by default), each row
 * loaded by `load` (given the page's ids, it returns their rows in any order), with the total
 * and, with words to search, each row's matching passages. The /docs screen loads only the
 * columns it shows this way (load-document-list.ts); findDocuments loads whole rows.
 */
export async function findDocumentRows<T extends { id: string }>(
  ctx: ServiceContext,
  raw: DocumentListInput,
  load: (ids: string[]) => Promise<T[]>,
  options: ListCountOptions = {},
) {
  accountScope(ctx);
  const input = documentListSchema.parse(raw);
  const { ids, total, capped } = await listPage(ctx as AccountContext, input, options);
  const [documents, marks] = await Promise.all([
    ids.length ? load(ids) : Promise.resolve([]),
    input.search && ids.length ? documentHighlights(ids, input.search, ctx.locale) : Promise.resolve(new Map<string, HighlightPart[]>()),
  ]);
  const byId = new Map(documents.map((d) => [d.id, d]));
  const items = ids.flatMap((docId) => {
    const doc = byId.get(docId);
    return doc ? [{ ...doc, highlight: marks.get(docId) ?? null }] : [];
  });
  const page = pageOf(items, total, { page: input.page, size: input.size });
  // Past the limit the pages are not known either: at least one more while this one is full.
  return { ...page, capped, pages: capped ? Math.max(page.pages, input.page + (items.length === input.size ? 1 : 0)) : page.pages };
}

/**
 * A page of the documents the caller may see, filtered and sorted (25 by default), with the
 * total. Full-text search ranks by relevance unless another order is asked for and returns the
 * matching passages. One SQL query picks the page's ids; one Prisma query loads them, with the
 * caller's own active policies (`policies`), from which documentRoles works out each row's role
 * without another query. With `countLimit`, the total stops there and `capped` says it did.
 */
export async function findDocuments(ctx: ServiceContext, raw: DocumentListInput = {}, options: ListCountOptions = {}) {
  const { accountId } = accountScope(ctx);
  const userId = (ctx as AccountContext).userId;
  const page = await findDocumentRows(
    ctx,
    raw,
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

/** How many documents the caller sees with these filters. */
export async function countDocuments(ctx: ServiceContext, raw: DocumentListInput = {}) {
  accountScope(ctx);
  const where = await conditions(ctx as AccountContext, documentListSchema.parse(raw));
  const [row] = await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Document" d WHERE ${where}`;
  return row?.total ?? 0;
}

/** Authors listed in the /docs filter at most. */
const MAX_AUTHORS = 200;

/**
 * The SQL of the people who wrote documents the caller sees (id, firstName, lastName, email), at
 * most MAX_AUTHORS, or null when the caller sees no document: whoever sees a document sees its
 * author, so this needs no member-list permission and names no one else. `archived` for the
 * archive's filter. Who sees every document gets a loose index scan of (accountId, archived,
 * authorId): one probe per author, whatever the number of documents; who sees only their shared
 * documents gets the authors of those, through their own policies. Shared by
 * findDocumentsAuthors and the /docs screen's one query for its filter options.
 */
export async function documentsAuthorsSql(ctx: ServiceContext, archived: boolean): Promise<Prisma.Sql | null> {
  const { accountId } = accountScope(ctx);
  const visibility = await documentVisibility(ctx);
  if (visibility === "none") return null;
  const authors =
    visibility === "all"
      ? Prisma.sql`
        WITH RECURSIVE authors(id) AS (
          (SELECT d."authorId" FROM "Document" d
           WHERE d."accountId" = ${accountId} AND d.archived = ${archived} AND d."authorId" IS NOT NULL
           ORDER BY d."authorId" LIMIT 1)
          UNION ALL
          SELECT (SELECT d."authorId" FROM "Document" d
                  WHERE d."accountId" = ${accountId} AND d.archived = ${archived} AND d."authorId" > a.id
                  ORDER BY d."authorId" LIMIT 1)
          FROM authors a WHERE a.id IS NOT NULL
        )
        SELECT id FROM authors WHERE id IS NOT NULL`
      : Prisma.sql`
        SELECT DISTINCT d."authorId" AS id FROM "DocumentPolicy" p JOIN "Document" d ON d.id = p."documentId"
        WHERE p."accountId" = ${accountId} AND p."userId" = ${ctx.userId} AND p.status = 'active'
          AND d."accountId" = ${accountId} AND d.archived = ${archived} AND d."authorId" IS NOT NULL`;
  return Prisma.sql`SELECT u.id, u."firstName", u."lastName", u.email FROM "User" u WHERE u.id IN (${authors}) LIMIT ${MAX_AUTHORS}`;
}

/** Authors as the /docs filter lists them: id and display name, by name. */
export const authorOptions = (users: { id: string; firstName: string; lastName: string; email: string }[]) =>
  users.map((u) => ({ id: u.id, name: displayName(u) })).sort((a, b) => a.name.localeCompare(b.name));

/** The people who wrote documents the caller sees, by name, for the /docs author filter (documentsAuthorsSql). */
export async function findDocumentsAuthors(ctx: ServiceContext, options: { archived?: boolean } = {}) {
  const sql = await documentsAuthorsSql(ctx, options.archived ?? false);
  if (!sql) return [];
  return authorOptions(await db.$queryRaw<{ id: string; firstName: string; lastName: string; email: string }[]>(sql));
}

/** The documents most recently changed (spec "hot" documents), five by default. */
export async function hotDocuments(ctx: ServiceContext, size = 5) {
  return (await findDocuments(ctx, { size: Math.min(Math.max(size, 1), 25), orderBy: "updatedAt" })).items;
}

/** Open documents ending within the notice period or already marked toExpire, soonest first (home panel). */
export async function expiringDocuments(ctx: ServiceContext, size = 10) {
  accountScope(ctx);
  const actx = ctx as AccountContext;
  const where = await conditions(actx, documentListSchema.parse({}));
  const limit = new Date(Date.now() + EXPIRY_NOTICE_DAYS * 86_400_000);
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "Document" d
    WHERE ${where} AND d.status NOT IN ('expired', 'completed', 'cancelled') AND (d.status = 'toExpire' OR (d."endedAt" IS NOT NULL AND d."endedAt" <= ${limit}))
    ORDER BY d."endedAt" ASC NULLS LAST, d.id LIMIT ${Math.min(Math.max(size, 1), 50)}`;
  const docs = await db.document.findMany({
    where: { id: { in: rows.map((r) => r.id) }, accountId: actx.accountId },
    include: documentInclude,
  });
  const byId = new Map(docs.map((d) => [d.id, d]));
  return rows.flatMap((r) => (byId.has(r.id) ? [{ ...byId.get(r.id)!, health: documentHealth(byId.get(r.id)!) }] : []));
}

/** The status list query: key and label pairs in the caller's language. */
export function documentStatusList(ctx: ServiceContext) {
  const t = getTranslator(ctx.locale);
  return DOCUMENT_STATUSES.map((key) => ({ key, value: t(`documents.status.${key}`) }));
}
