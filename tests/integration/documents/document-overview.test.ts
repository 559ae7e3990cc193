import { describe, expect, it } from "vitest";
import { GET as countRoute } from "@/app/vapp/documents/count/route";
import { GET as expiringRoute } from "@/app/vapp/documents/expiring/route";
import { GET as hotRoute } from "@/app/vapp/documents/hot/route";
import { GET as statusListRoute } from "@/app/vapp/documents/status-list/route";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { expiringDocumentRows } from "@/lib/documents/expiring-documents";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";
import { globalSearch } from "@/lib/search/global-search";

/**
 * The documents as a whole (hot, count, status list, expiring), declared once: REST and GraphQL
 * give the same answers, and only the caller's workspace's documents count.
 */
async function workspace(name: string) {
  const { account, owner } = await createAccount(name);
  const session = await signedInAs(owner.id, account.id);
  const make = (title: string) =>
    createDocumentFromUpload(session.ctx, { name: title }, { name: `${title}.docx`, bytes: makeDocx([`${title} terms`]) });
  const first = await make("Alpha");
  const second = await make("Bravo");
  const third = await make("Charlie");
  await db.document.update({ where: { id: second.id }, data: { status: "active", endedAt: new Date(Date.now() + 10 * 86_400_000) } });
  return { session, ids: [first.id, second.id, third.id], endingId: second.id };
}

const rest = async (handler: (req: Request) => Promise<Response>, path: string, accessToken: string, language = "en") => {
  const response = await handler(jsonRequest("GET", path, { headers: { authorization: `Bearer ${accessToken}`, "x-language": language } }));
  return { status: response.status, body: await response.json() };
};

describe("documents as a whole, on both transports", () => {
  it("hot, count, expiring and the status list agree over REST and GraphQL, within the caller's workspace", async () => {
    const a = await workspace("OverviewA");
    await workspace("OverviewB");
    const token = a.session.accessToken;

    const hot = await rest(hotRoute, "/vapp/documents/hot?size=2", token);
    expect(hot.status).toBe(200);
    expect(hot.body).toHaveLength(2);
    const hotGql = await graphql<{ hotDocuments: { id: string }[] }>("{ hotDocuments(size: 2) { id } }", { accessToken: token });
    expect(hotGql.data?.hotDocuments.map((d) => d.id)).toEqual(hot.body.map((d: { id: string }) => d.id));
    expect(a.ids).toEqual(expect.arrayContaining(hot.body.map((d: { id: string }) => d.id)));

    expect((await rest(countRoute, "/vapp/documents/count", token)).body).toEqual({ total: 3 });
    expect((await rest(countRoute, "/vapp/documents/count?status=active&page=2", token)).body).toEqual({ total: 1 });
    const countGql = await graphql<{ documentsCount: number }>("{ documentsCount(statuses: [active]) }", {
      accessToken: token,
    });
    expect(countGql.data?.documentsCount).toBe(1);

    const expiring = await rest(expiringRoute, "/vapp/documents/expiring", token);
    expect(expiring.body.map((d: { id: string }) => d.id)).toEqual([a.endingId]);
    expect(expiring.body[0]).toMatchObject({ health: expect.any(String) });
    expect(expiring.body[0]).not.toHaveProperty("policies");
    const expiringGql = await graphql<{ expiringDocuments: { id: string }[] }>("{ expiringDocuments { id } }", { accessToken: token });
    expect(expiringGql.data?.expiringDocuments.map((d) => d.id)).toEqual([a.endingId]);
    // The dashboard's panel reads the same documents in one statement, with what it shows.
    const panel = await expiringDocumentRows(a.session.ctx);
    expect(panel).toEqual([
      { id: a.endingId, name: "Bravo", status: "active", endedAt: new Date(expiring.body[0].endedAt), health: expiring.body[0].health },
    ]);

    const statuses = await rest(statusListRoute, "/vapp/documents/status-list", token, "es");
    expect(statuses.body).toContainEqual({ key: "signed", value: "Firmado" });
    const statusesGql = await graphql<{ documentStatusList: { key: string; value: string }[] }>("{ documentStatusList { key value } }", {
      accessToken: token,
      headers: { "x-language": "es" },
    });
    expect(statusesGql.data?.documentStatusList).toEqual(statuses.body);
  });

  it("answers in GraphQL every field REST gives, abilities included outside document(id), and the home screen's search", async () => {
    const a = await workspace("OverviewFields");
    const token = a.session.accessToken;
    const fields = "id accountId authorId templateId categoryId folderId lockedById lockedAt metadata abilities { view manage }";
    const hotGql = await graphql<{ hotDocuments: Record<string, unknown>[] }>(
      `{ hotDocuments { ${fields} contents { id version authorId } } }`,
      { accessToken: token },
    );
    expect(hotGql.errors).toBeUndefined();
    const hot = await rest(hotRoute, "/vapp/documents/hot", token);
    expect(hotGql.data!.hotDocuments).toEqual(
      hot.body.map((d: Record<string, unknown> & { contents: Record<string, unknown>[] }) => ({
        id: d.id,
        accountId: d.accountId,
        authorId: d.authorId,
        templateId: d.templateId,
        categoryId: d.categoryId,
        folderId: d.folderId,
        lockedById: d.lockedById,
        lockedAt: d.lockedAt,
        metadata: d.metadata,
        // The owner's abilities, worked out from their policies loaded with the documents.
        abilities: { view: true, manage: true },
        contents: d.contents.map((c) => ({ id: c.id, version: c.version, authorId: c.authorId })),
      })),
    );
    expect(hotGql.data!.hotDocuments).toHaveLength(3);

    const search = await graphql<{ globalSearch: unknown }>(
      `
        {
          globalSearch(q: "Alpha") {
            documents {
              id
              name
              status
              highlight {
                text
                match
              }
            }
            templates {
              id
              name
              published
            }
            members {
              id
              name
              email
              status
            }
            categories {
              id
              name
              group
            }
            tags {
              id
              name
              color
            }
          }
        }
      `,
      { accessToken: token },
    );
    expect(search.errors).toBeUndefined();
    expect(search.data!.globalSearch).toEqual(await globalSearch(a.session.ctx, "Alpha"));
    expect(search.data!.globalSearch).toMatchObject({ documents: [{ id: a.ids[0], name: "Alpha" }] });
  });

  it("reads a folder of null as the root (Drive) in the list and its count, and no folder as every folder", async () => {
    const a = await workspace("OverviewRoot");
    const folder = await db.folder.create({ data: { accountId: a.session.ctx.accountId!, name: "Leases", group: "document" } });
    await db.document.update({ where: { id: a.ids[0] }, data: { folderId: folder.id } });
    const answer = await graphql<{
      root: { total: number };
      rootCount: number;
      all: { total: number };
      allCount: number;
      inFolder: number;
    }>(
      `{ root: documents(folderId: null) { total } rootCount: documentsCount(folderId: null)
         all: documents { total } allCount: documentsCount inFolder: documentsCount(folderId: "${folder.id}") }`,
      { accessToken: a.session.accessToken },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ root: { total: 2 }, rootCount: 2, all: { total: 3 }, allCount: 3, inFolder: 1 });
  });

  it("refuses a size past the limit the same way on both transports", async () => {
    const { session } = await workspace("OverviewLimits");
    const tooMany = await rest(hotRoute, "/vapp/documents/hot?size=26", session.accessToken);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe("VALIDATION_FAILED");
    const gql = await graphql("{ hotDocuments(size: 26) { id } }", { accessToken: session.accessToken });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED", type: "validation" });
  });
});
