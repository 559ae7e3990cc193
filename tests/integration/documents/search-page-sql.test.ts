import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { splitHighlight } from "@/lib/documents/document-highlights";
import { documentListSchema, documentListSql } from "@/lib/documents/document-list-sql";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { loadDocumentList } from "@/lib/documents/load-document-list";
import { searchConfig, searchQuery } from "@/lib/documents/search-index";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A search page is one statement (documentListSql's `search`): the page's ids by relevance, the
 * window count of every match and each row's passages, ts_headline run on the page's rows only.
 * These tests pin its results to what the two statements it replaced gave on the same fixture:
 * the ids with `count(*) OVER ()` in the list's order, then ts_headline of each row's latest
 * version, written out here as they were (the old SQL, kept only in this test).
 */
let admin: ServiceContext;
let accountId: string;
const START = "\u0001";
const STOP = "\u0002";

/** The ids statement as it was: the page's ids in the list's order, counting every match. */
async function oldIds(search: string, order: "relevance" | "name", size: number, page: number) {
  const query = searchQuery(search, admin.locale);
  const orderBy =
    order === "relevance" ? Prisma.sql`ts_rank(d.search, ${query}) DESC, d."updatedAt" DESC` : Prisma.sql`d."name" ASC NULLS FIRST`;
  return db.$queryRaw<{ id: string; total: number }[]>`
    SELECT d.id, count(*) OVER ()::int AS total FROM "Document" d
    WHERE d."accountId" = ${accountId} AND d.archived = false AND d.search @@ ${query}
    ORDER BY ${orderBy}, d.id LIMIT ${size} OFFSET ${(page - 1) * size}`;
}

/** The passages statement as it was (document-highlights.ts before): rows without a marked word give none. */
async function oldHighlights(ids: string[], search: string) {
  const options = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
  const rows = await db.$queryRaw<{ id: string; headline: string }[]>`
    SELECT c."documentId" AS id, ts_headline(${searchConfig(admin.locale)}::regconfig, left(c.text, 50000), ${searchQuery(search, admin.locale)}, ${options}) AS headline
    FROM (SELECT DISTINCT ON ("documentId") "documentId", text FROM "DocumentContent" WHERE "documentId" = ANY(CAST(${ids} AS text[])) ORDER BY "documentId", version DESC) c`;
  return new Map(rows.filter((r) => r.headline.includes(START)).map((r) => [r.id, splitHighlight(r.headline)]));
}

async function expected(search: string, order: "relevance" | "name", size: number, page: number) {
  const rows = await oldIds(search, order, size, page);
  const marks = await oldHighlights(
    rows.map((r) => r.id),
    search,
  );
  // Past the last page the old statement found no row: the total came from the count.
  const total =
    rows[0]?.total ??
    (
      await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Document" d
        WHERE d."accountId" = ${accountId} AND d.archived = false AND d.search @@ ${searchQuery(search, admin.locale)}`
    )[0]!.total;
  return { ids: rows.map((r) => r.id), total, highlights: rows.map((r) => marks.get(r.id) ?? null) };
}

beforeAll(async () => {
  const { account, owner } = await createAccount("Search page SQL");
  accountId = account.id;
  admin = (await signedInAs(owner.id, account.id)).ctx;
  const upload = (name: string, paragraphs: string[]) =>
    createDocumentFromUpload(admin, { name }, { name: `${name}.docx`, bytes: makeDocx(paragraphs) });
  // Different relevance: the word in the name (weighted first), several times in the text, once,
  // another form of it ("indemnities"), in the name only; one whose latest version no longer has
  // the word (the vector holds every version's text; the passages come from the latest: none).
  await upload("Indemnity agreement", ["The indemnity clause.", "Each party gives an indemnity."]);
  await upload("Supply contract", ["Indemnity, indemnity and indemnity again: the supplier's indemnity covers losses."]);
  await upload("Lease", ["A long lease without the word, then at the very end one indemnity."]);
  await upload("Services", ["The indemnities listed here are indemnified by the provider."]);
  await upload("Indemnity letter", ["A letter about something else entirely."]);
  const revised = await upload("Revised terms", ["The old indemnity paragraph."]);
  await updateDocumentVersion(admin, revised.id, { name: "revised.docx", bytes: makeDocx(["The new text speaks of warranties only."]) });
  for (let i = 0; i < 4; i++) await upload(`Schedule ${i}`, [`Schedule ${i}: indemnity for item ${i}, with ${"words ".repeat(i * 5)}.`]);
  await upload("Unrelated", ["Nothing to find here."]);
  // Long texts, for the passages read near the first place the word appears: the word 3,000 words
  // in; and a longer word that holds it first ("moratoriumless", another word: no match there),
  // the word itself 3,000 words later.
  const filler = (n: number) => Array.from({ length: n }, (_, i) => ["clause", "party", "term", "notice"][i % 4]).join(" ");
  await upload("Long moratorium", [`${filler(3000)} A moratorium on payments applies. ${filler(500)}`]);
  await upload("Moratoriumless", [`The moratoriumless period. ${filler(3000)} Then a real moratorium starts.`]);
});

describe("a search page in one statement", () => {
  const page = (ctx: ServiceContext) => withRequestMemo(ctx, { readOnly: true });

  it("gives the same rows, order, total and passages as the ids and passages statements did", async () => {
    for (const [search, order, size, pageNo] of [
      ["indemnity", "relevance", 25, 1],
      ["indemnity", "relevance", 3, 1],
      ["indemnity", "relevance", 3, 2],
      ["indemnity", "relevance", 3, 4],
      ["indemnity", "name", 4, 2],
      ["warranties", "relevance", 25, 1],
    ] as const) {
      const want = await expected(search, order, size, pageNo);
      const sortBy = order === "name" ? "asc" : "desc";
      const found = await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search, orderBy: order, sortBy, size, page: pageNo });
      expect(found.items.map((d) => d.id)).toEqual(want.ids);
      expect(found.total).toBe(want.total);
      expect(found.items.map((d) => d.highlight)).toEqual(want.highlights);
      const list = await loadDocumentList(page(admin), { search, orderBy: order, sortBy, size, page: pageNo });
      expect(list.documents.map((d) => [d.id, d.highlight])).toEqual(want.ids.map((id, i) => [id, want.highlights[i]]));
      expect(list.page.total).toBe(want.total);
    }
  });

  it("matches on the name alone and the word only in an older version give no passages", async () => {
    const want = await expected("indemnity", "relevance", 25, 1);
    // "Services" says "indemnities": its language is not known, so its vector is word for word only.
    expect(want.total).toBe(9);
    const list = await loadDocumentList(page(admin), { search: "indemnity", orderBy: "relevance" });
    const byName = new Map(list.documents.map((d) => [d.name, d.highlight]));
    expect(byName.get("Indemnity letter")).toBeNull();
    expect(byName.get("Revised terms")).toBeNull();
    expect(byName.get("Supply contract")?.filter((p) => p.match).length).toBeGreaterThan(1);
    expect(list.documents.map((d) => d.id)).toEqual(want.ids);
  });

  it("in long texts, the passages around the word, also when the first place found holds no match", async () => {
    const want = await expected("moratorium", "relevance", 25, 1);
    expect(want.total).toBe(2);
    const list = await loadDocumentList(page(admin), { search: "moratorium", orderBy: "relevance" });
    const passages = (name: string) => list.documents.find((d) => d.name === name)!.highlight ?? [];
    const long = list.documents.find((d) => d.name === "Long moratorium")!;
    expect(long.highlight).toEqual(want.highlights[want.ids.indexOf(long.id)]);
    for (const [name, around] of [
      ["Long moratorium", "on payments applies"],
      ["Moratoriumless", "real moratorium starts"],
    ]) {
      expect(passages(name).find((part) => part.match)?.text, name).toBe("moratorium");
      expect(
        passages(name)
          .map((part) => part.text)
          .join(""),
        name,
      ).toContain(around);
    }
  });

  it("runs each row's ts_headline once: the passages' subquery is not folded into the test of its result", async () => {
    const { search } = await documentListSql(
      admin as AccountContext,
      documentListSchema.parse({ search: "moratorium", orderBy: "relevance" }),
    );
    const plan = await queryRows<{ "QUERY PLAN": string }>(`EXPLAIN (VERBOSE) ${search!.text}`, search!.values);
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    // One for the characters around the word, one for the whole text when those hold no match.
    expect(text.match(/ts_headline\(/g)).toHaveLength(2);
  });

  it("past the last page: no rows, and the total from the count statement", async () => {
    expect(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "indemnity", size: 5, page: 3 })).toMatchObject({
      total: 9,
      pages: 2,
      items: [],
    });
    expect(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "nowhere-to-be-found" })).toMatchObject({
      total: 0,
      pages: 1,
      items: [],
    });
  });
});
