import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as exportRoute from "@/app/vapp/templates/export/route";
import type { ServiceContext } from "@/lib/auth/context";
import { csvStream, EXPORT_MAX_ROWS, EXPORT_PAGE_SIZE } from "@/lib/documents/export-csv";
import { createFolder } from "@/lib/folders/folders";
import { exportTemplatesCsv } from "@/lib/templates/export-templates";
import { findTemplatesAuthors } from "@/lib/templates/find-templates-authors";
import { templateListFromQuery } from "@/lib/templates/find-templates-query";
import { findTemplates, templateListSchema } from "@/lib/templates/templates";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import * as folderRoute from "@/app/vapp/folders/[id]/route";
import { TEMPLATE_LIST_DEFAULTS } from "@/lib/templates/find-templates";

/**
 * The /templates list (spec section 2, paging of section 9): page size 25, sort, filters by
 * state, category, tag, folder, author, dates and words, and its CSV export, scoped to the account.
 */
type Workspace = { accountId: string; ctx: ServiceContext; token: string };
let a: Workspace;
let b: Workspace;
let ids: Record<string, string>;
let authors: { owner: string; colleague: string };
let refs: { folderId: string; categoryId: string; tagId: string };

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** A template row written straight to the database (the list never reads its file). */
async function template(
  accountId: string,
  fields: {
    name: string;
    authorId?: string;
    published?: boolean;
    createdAt: string;
    updatedAt: string;
    folderId?: string;
    categoryId?: string;
    tagId?: string;
    description?: string;
  },
) {
  const row = await db.template.create({
    data: {
      accountId,
      name: fields.name,
      description: fields.description ?? null,
      authorId: fields.authorId ?? null,
      published: fields.published ?? false,
      folderId: fields.folderId ?? null,
      categoryId: fields.categoryId ?? null,
      tags: fields.tagId ? { connect: [{ id: fields.tagId }] } : undefined,
      format: "docx",
      delimiter: "bracket",
      fileKey: `accounts/${accountId}/templates/none.docx`,
      mimetype: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      fileName: `${fields.name}.docx`,
      size: 1,
      variables: [{ name: "client", type: "text", required: true, deprecated: false, options: {} }],
      createdAt: day(fields.createdAt),
      updatedAt: day(fields.updatedAt),
    },
  });
  return row.id;
}

async function workspace(name: string): Promise<Workspace & { ownerId: string }> {
  const { account, owner } = await createAccount(name);
  const { ctx, accessToken } = await signedInAs(owner.id, account.id);
  return { accountId: account.id, ctx, token: accessToken, ownerId: owner.id };
}

beforeAll(async () => {
  const first = await workspace("TplListA");
  const second = await workspace("TplListB");
  a = first;
  b = second;
  const colleague = await addMember(a.accountId, "Member", await createUser({ firstName: "Zoe" }));
  authors = { owner: first.ownerId, colleague: colleague.id };
  const folder = await createFolder(a.ctx, { name: "Leases", group: "template", parentId: null });
  const category = await db.category.create({ data: { accountId: a.accountId, name: "Sales", slug: "sales", group: "template" } });
  const tag = await db.tag.create({ data: { accountId: a.accountId, name: "Urgent" } });
  refs = { folderId: folder.id, categoryId: category.id, tagId: tag.id };
  ids = {
    alpha: await template(a.accountId, {
      name: "Alpha lease",
      authorId: authors.owner,
      published: true,
      createdAt: "2026-01-10",
      updatedAt: "2026-03-01",
      folderId: folder.id,
      categoryId: category.id,
    }),
    bravo: await template(a.accountId, {
      name: "Bravo =HYPERLINK(1)",
      authorId: authors.colleague,
      createdAt: "2026-02-10",
      updatedAt: "2026-02-11",
      tagId: tag.id,
      description: "Kangaroo clause",
    }),
    charlie: await template(a.accountId, {
      name: 'Charlie, "the" NDA',
      authorId: authors.owner,
      published: true,
      createdAt: "2026-03-10",
      updatedAt: "2026-03-12",
    }),
  };
  await template(b.accountId, {
    name: "B secret template",
    authorId: second.ownerId,
    published: true,
    createdAt: "2026-02-10",
    updatedAt: "2026-02-10",
  });
});

const names = async (query: string) =>
  (await findTemplates(a.ctx, templateListSchema.parse(templateListFromQuery(new URLSearchParams(query))))).items.map((t) => t.name);

describe("template list", () => {
  it("sorts by name, creation or update, both ways, updated first by default", async () => {
    expect(await names("")).toEqual(['Charlie, "the" NDA', "Alpha lease", "Bravo =HYPERLINK(1)"]);
    expect(await names("orderBy=name&sortBy=asc")).toEqual(["Alpha lease", "Bravo =HYPERLINK(1)", 'Charlie, "the" NDA']);
    expect(await names("orderBy=name&sortBy=desc")).toEqual(['Charlie, "the" NDA', "Bravo =HYPERLINK(1)", "Alpha lease"]);
    expect(await names("orderBy=createdAt&sortBy=asc")).toEqual(["Alpha lease", "Bravo =HYPERLINK(1)", 'Charlie, "the" NDA']);
  });

  it("filters by state, category, tag, folder (Drive is the root) and words in the name or description", async () => {
    expect(await names("state=published&orderBy=name&sortBy=asc")).toEqual(["Alpha lease", 'Charlie, "the" NDA']);
    expect(await names("state=draft")).toEqual(["Bravo =HYPERLINK(1)"]);
    expect(await names(`category=${refs.categoryId}`)).toEqual(["Alpha lease"]);
    expect(await names(`tag=${refs.tagId}`)).toEqual(["Bravo =HYPERLINK(1)"]);
    expect(await names(`folder=${refs.folderId}`)).toEqual(["Alpha lease"]);
    expect(await names("folder=root&orderBy=name&sortBy=asc")).toEqual(["Bravo =HYPERLINK(1)", 'Charlie, "the" NDA']);
    expect(await names("q=kangaroo")).toEqual(["Bravo =HYPERLINK(1)"]);
    expect(await names("q=LEASE")).toEqual(["Alpha lease"]);
  });

  it("filters by author and by a date range on creation or update, both days included", async () => {
    expect(await names(`author=${authors.colleague}`)).toEqual(["Bravo =HYPERLINK(1)"]);
    expect(await names(`author=${authors.owner}&orderBy=name&sortBy=asc`)).toEqual(["Alpha lease", 'Charlie, "the" NDA']);
    // createdAt is the default date.
    expect(await names("from=2026-02-10&to=2026-03-10&orderBy=name&sortBy=asc")).toEqual(["Bravo =HYPERLINK(1)", 'Charlie, "the" NDA']);
    expect(await names("to=2026-01-10")).toEqual(["Alpha lease"]);
    expect(await names("dateField=updatedAt&from=2026-03-01&orderBy=name&sortBy=asc")).toEqual(["Alpha lease", 'Charlie, "the" NDA']);
    expect(await names("dateField=updatedAt&from=2026-03-02&to=2026-03-11")).toEqual([]);
    expect(await names(`author=${authors.owner}&state=published&dateField=updatedAt&to=2026-03-01`)).toEqual(["Alpha lease"]);
  });

  it("refuses unknown filter values instead of ignoring them", () => {
    for (const query of ["orderBy=fields", "sortBy=up", "dateField=startedAt", "from=2026-13-45", "to=yesterday", "size=500"]) {
      expect(templateListSchema.safeParse(templateListFromQuery(new URLSearchParams(query))).success, query).toBe(false);
    }
  });

  it("pages by 25 from page 1", async () => {
    const { account, owner } = await createAccount("TplPaging");
    const { ctx } = await signedInAs(owner.id, account.id);
    for (let i = 0; i < 27; i++)
      await template(account.id, { name: `T${String(i).padStart(2, "0")}`, createdAt: "2026-01-01", updatedAt: "2026-01-01" });
    const first = await findTemplates(ctx, TEMPLATE_LIST_DEFAULTS);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 27 });
    expect(first.items).toHaveLength(25);
    expect((await findTemplates(ctx, { ...TEMPLATE_LIST_DEFAULTS, page: 2 })).items).toHaveLength(2);
  });

  it("lists the account's template authors by name, never another account's", async () => {
    const listed = await findTemplatesAuthors(a.ctx);
    expect(listed.map((x) => x.id).sort()).toEqual([authors.owner, authors.colleague].sort());
    expect(listed.find((x) => x.id === authors.colleague)?.name).toBe("Zoe User");
    expect((await findTemplatesAuthors(b.ctx)).map((x) => x.id)).not.toContain(authors.owner);
  });

  it("never shows one account's templates to another", async () => {
    expect((await findTemplates(b.ctx, TEMPLATE_LIST_DEFAULTS)).items.map((t) => t.name)).toEqual(["B secret template"]);
    expect((await findTemplates(a.ctx, { ...TEMPLATE_LIST_DEFAULTS, search: "secret" })).total).toBe(0);
  });
});

const get = (path: string, token: string, headers: Record<string, string> = {}) =>
  jsonRequest("GET", path, { headers: { authorization: `Bearer ${token}`, ...headers }, csrf: false });

describe("template CSV export", () => {
  it("GET /vapp/templates/export: UTF-8 with BOM, the list's filters and order, cells quoted and formulas neutralised", async () => {
    const response = await exportRoute.GET(get("/vapp/templates/export?orderBy=name&sortBy=asc", a.token));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="templates-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''templates-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\ufeff/, "")
      .split("\r\n");
    expect(lines[0]).toBe(
      '"name","state","format","fields","category","folder","tags","author","language","jurisdiction","value","currency","createdAt","updatedAt"',
    );
    expect(lines).toHaveLength(5); // header, three rows, the final line break
    expect(lines[1]).toMatch(/^"Alpha lease","Published","docx","1","Sales","Leases","","Test User",/);
    expect(lines[1]).toContain('"2026-01-10T12:00:00.000Z","2026-03-01T12:00:00.000Z"');
    expect(lines[2]).toMatch(/^"Bravo =HYPERLINK\(1\)",/); // not a formula: it starts with a letter
    expect(lines[2]).toContain('"Draft"');
    expect(lines[2]).toContain('"Urgent","Zoe User"');
    expect(lines[3]).toMatch(/^"Charlie, ""the"" NDA",/);
    expect(lines.join("\n")).not.toContain("B secret");
  });

  it("applies the same filters as the screen and labels the state in the caller's language", async () => {
    const csv = await (
      await exportRoute.GET(get(`/vapp/templates/export?state=draft&author=${authors.colleague}`, a.token, { "x-language": "es" }))
    ).text();
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Borrador"');
    const dated = await (
      await exportRoute.GET(get("/vapp/templates/export?dateField=updatedAt&from=2026-03-01&orderBy=name&sortBy=asc", a.token))
    ).text();
    expect(
      dated
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(",")[0]),
    ).toEqual(['"Alpha lease"', '"Charlie']);
  });

  it("a formula-like name gets a quote in front", async () => {
    const csv = await (await exportRoute.GET(get("/vapp/templates/export?q=%3DHYPERLINK", a.token))).text();
    expect(csv).toContain('"Bravo =HYPERLINK(1)"');
    const formula = await template(a.accountId, { name: "=SUM(A1)", createdAt: "2025-01-01", updatedAt: "2025-01-01" });
    try {
      const only = await (await exportRoute.GET(get("/vapp/templates/export?to=2025-12-31", a.token))).text();
      expect(only.split("\r\n")[1]).toMatch(/^"'=SUM\(A1\)",/);
    } finally {
      await db.template.delete({ where: { id: formula } });
    }
  });

  it("refuses a bad filter, a role without ViewTemplates, and another account's header; B's export holds only B's rows", async () => {
    expect((await exportRoute.GET(get("/vapp/templates/export?orderBy=fields", a.token))).status).toBe(400);
    const guest = await addMember(a.accountId, "Guest");
    const { accessToken } = await signedInAs(guest.id, a.accountId);
    const refused = await exportRoute.GET(get("/vapp/templates/export", accessToken));
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("Alpha lease");
    const crossed = await exportRoute.GET(get("/vapp/templates/export", a.token, { "x-account-id": b.accountId }));
    expect([403, 404]).toContain(crossed.status);
    expect(await crossed.text()).not.toContain("B secret");
    const own = await (await exportRoute.GET(get("/vapp/templates/export", b.token))).text();
    expect(own).toContain("B secret template");
    expect(own).not.toContain("Alpha lease");
    const error = await exportTemplatesCsv({ ...a.ctx, permissions: new Set<string>() }, TEMPLATE_LIST_DEFAULTS).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: "FORBIDDEN" });
  });

  it("stops at the export cap, like the document export", async () => {
    let asked = 0;
    const stream = await csvStream(["n"], async (page, size) => {
      asked = page;
      return Array.from({ length: size }, (_, i) => [(page - 1) * size + i]);
    });
    const lines = (await new Response(stream).text()).split("\r\n");
    expect(lines).toHaveLength(EXPORT_MAX_ROWS + 2);
    expect(lines[EXPORT_MAX_ROWS]).toBe(`"${EXPORT_MAX_ROWS - 1}"`);
    expect(asked).toBe(EXPORT_MAX_ROWS / EXPORT_PAGE_SIZE);
  });
});

describe("moves from the list screens", () => {
  // The exact calls of components/templates/templates-list.tsx and components/folders/folder-bar.tsx.
  const MOVE_TEMPLATE =
    "mutation Move($id: ID!, $destinationId: ID) { updateTemplateDestinationFolder(id: $id, destinationId: $destinationId) { id } }";

  it("moves a template into a folder and back to Drive, never into another account's folder", async () => {
    const moved = await graphql(MOVE_TEMPLATE, { accessToken: a.token, variables: { id: ids.charlie, destinationId: refs.folderId } });
    expect(moved.errors).toBeUndefined();
    expect(await names(`folder=${refs.folderId}&orderBy=name&sortBy=asc`)).toEqual(["Alpha lease", 'Charlie, "the" NDA']);
    const foreign = await createFolder(b.ctx, { name: "B folder", group: "template", parentId: null });
    const refused = await graphql(MOVE_TEMPLATE, { accessToken: a.token, variables: { id: ids.charlie, destinationId: foreign.id } });
    expect(refused.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const back = await graphql(MOVE_TEMPLATE, { accessToken: a.token, variables: { id: ids.charlie, destinationId: null } });
    expect(back.errors).toBeUndefined();
    expect(await names("folder=root&orderBy=name&sortBy=asc")).toEqual(["Bravo =HYPERLINK(1)", 'Charlie, "the" NDA']);
  });

  it("moves a folder under another and refuses a move under its own sub-folder", async () => {
    const parent = await createFolder(a.ctx, { name: "Clients", group: "template", parentId: null });
    const child = await createFolder(a.ctx, { name: "Acme", group: "template", parentId: parent.id });
    const put = (id: string, parentId: string | null) =>
      folderRoute.PUT(
        jsonRequest("PUT", `/vapp/folders/${id}`, { body: { parentId }, headers: { authorization: `Bearer ${a.token}` }, csrf: false }),
        params({ id }),
      );
    expect((await put(refs.folderId, parent.id)).status).toBe(200);
    expect(await db.folder.findUniqueOrThrow({ where: { id: refs.folderId } })).toMatchObject({ parentId: parent.id });
    expect((await put(parent.id, child.id)).status).toBe(400);
    expect((await put(refs.folderId, null)).status).toBe(200);
    expect(await db.folder.findUniqueOrThrow({ where: { id: refs.folderId } })).toMatchObject({ parentId: null });
  });
});
