import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { SEARCH_RANK_LIMIT } from "@/lib/documents/document-list-sql";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { loadDocumentList } from "@/lib/documents/load-document-list";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

/**
 * A search by relevance ranks the SEARCH_RANK_LIMIT most recently updated matches, not every
 * match: a common word's page costs the same in any workspace. Past the limit the total says
 * "more than", and the pages end with the ranked ones; other orders and rarer words stay exact.
 */
let admin: ServiceContext;
let token: string;
const MATCHES = SEARCH_RANK_LIMIT + 50;

beforeAll(async () => {
  const { account, owner } = await createAccount("Rank limit");
  ({ ctx: admin, accessToken: token } = await signedInAs(owner.id, account.id));
  // MATCHES documents holding "common" once in their text, one a minute back from now; every
  // tenth also holds "scarce". Two more hold "common" in their name (weighted first, ranked
  // highest): one among the most recent, one older than all the others.
  await db.$executeRaw`
    INSERT INTO "Document" (id, "accountId", name, search, "updatedAt")
    SELECT 'rank-limit-' || g, ${account.id}, 'Document ' || g,
      to_tsvector('simple', CASE WHEN g % 10 = 0 THEN 'common scarce clause' ELSE 'common clause' END),
      now() - g * interval '1 minute'
    FROM generate_series(1, ${MATCHES}::int) g`;
  await db.$executeRaw`
    INSERT INTO "Document" (id, "accountId", name, search, "updatedAt") VALUES
      ('rank-limit-recent', ${account.id}, 'Common recent', setweight(to_tsvector('simple', 'Common recent'), 'A'), now() - interval '30 minutes'),
      ('rank-limit-oldest', ${account.id}, 'Common oldest', setweight(to_tsvector('simple', 'Common oldest'), 'A'), now() - interval '30 days')`;
});

describe("a search by relevance", () => {
  it("ranks the most recent matches only, says there are more, and ends its pages with them", async () => {
    const first = await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "common", orderBy: "relevance" });
    expect(first).toMatchObject({ total: SEARCH_RANK_LIMIT, capped: true, ranked: true, pages: SEARCH_RANK_LIMIT / 25 });
    // The name weighs most: the recent one comes first; the oldest is not among those ranked.
    expect(first.items[0]?.name).toBe("Common recent");
    const ranked: string[] = [];
    for (let page = 1; page <= SEARCH_RANK_LIMIT / 100 + 1; page++)
      ranked.push(
        ...(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "common", orderBy: "relevance", size: 100, page })).items.map(
          (d) => d.name,
        ),
      );
    expect(ranked).not.toContain("Common oldest");
    expect(ranked.length).toBe(SEARCH_RANK_LIMIT + 1);
    expect(
      await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "common", orderBy: "relevance", page: SEARCH_RANK_LIMIT / 25 + 2 }),
    ).toMatchObject({
      items: [],
      total: SEARCH_RANK_LIMIT,
      capped: true,
    });

    // As /docs?q=common asks (documentListFromQuery: relevance with words).
    const list = await loadDocumentList(withRequestMemo(admin, { readOnly: true }), { search: "common", orderBy: "relevance" });
    expect(list.page).toEqual({ page: 1, pages: SEARCH_RANK_LIMIT / 25, total: SEARCH_RANK_LIMIT, capped: true, ranked: true });
    // The API says so too.
    const api = await graphql<{ documents: { total: number; pages: number; capped: boolean; ranked: boolean } }>(
      '{ documents(search: "common", orderBy: relevance, size: 1) { total pages capped ranked } }',
      { accessToken: token },
    );
    expect(api.data?.documents).toEqual({ total: SEARCH_RANK_LIMIT, pages: SEARCH_RANK_LIMIT, capped: true, ranked: true });
  });

  it("stays exact below the limit, and in any other order", async () => {
    expect(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "scarce", orderBy: "relevance" })).toMatchObject({
      total: MATCHES / 10,
      capped: false,
      ranked: false,
    });
    const byName = await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "common", orderBy: "name", sortBy: "asc" });
    expect(byName).toMatchObject({ total: MATCHES + 2, capped: false, ranked: false });
    expect(byName.items[0]?.name).toBe("Common oldest");
  });
});
