import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as list from "@/app/v1/templates/route";
import * as single from "@/app/v1/templates/[id]/route";
import * as openapi from "@/app/v1/openapi.json/route";
import { createAccountToken, revokeAccountToken } from "@/lib/accounts/account-tokens";
import { createToken } from "@/lib/accounts/token-operations";
import { runOperation } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/registry/operations";
import { OPERATION_ROUTES } from "@/lib/operations/route-table";
import { createTemplate } from "@/lib/templates/templates";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The public API (/v1): reached with an API key only, scoped to the key's workspace, with the
 * list query of spec section 7 and its own public shapes.
 */
type Page = { page: number; pages: number; perPage: number; total: number; items: { id: string; name: string }[] };

let a: {
  key: string;
  tokenId: string;
  accessToken: string;
  ownerId: string;
  templateIds: string[];
  folderId: string;
  tagId: string;
  categoryId: string;
};
let b: { key: string; templateId: string };

const get = (path: string, headers: Record<string, string> = { "api-key": a.key }) => jsonRequest("GET", path, { headers });
const listTemplates = (query = "", headers?: Record<string, string>) => list.GET(get(`/v1/templates${query}`, headers));
const getTemplate = (id: string, query = "", headers?: Record<string, string>) =>
  single.GET(get(`/v1/templates/${id}${query}`, headers), params({ id }));

beforeAll(async () => {
  const accountA = await createAccount("ApiA");
  const accountB = await createAccount("ApiB");
  const sessionA = await signedInAs(accountA.owner.id, accountA.account.id);
  const ctxB = (await signedInAs(accountB.owner.id, accountB.account.id)).ctx;
  const ctxA = sessionA.ctx;

  const folder = await db.folder.create({ data: { accountId: accountA.account.id, name: "Leases", group: "template" } });
  const tag = await db.tag.create({ data: { accountId: accountA.account.id, name: "Urgent", color: "#ff0000" } });
  const category = await db.category.create({ data: { accountId: accountA.account.id, name: "Sales", slug: "sales", group: "template" } });
  const charlie = await createTemplate(
    ctxA,
    {
      name: "Charlie",
      description: "Lease for offices",
      value: 1200.5,
      currency: "eur",
      folderId: folder.id,
      tagIds: [tag.id],
      categoryId: category.id,
    },
    { name: "c.docx", bytes: makeDocx(["[tenant] pays [rent]"]) },
  );
  const alpha = await createTemplate(ctxA, { name: "Alpha" }, { name: "x.docx", bytes: makeDocx(["[a]"]) });
  const bravo = await createTemplate(ctxA, { name: "Bravo" }, { name: "x.docx", bytes: makeDocx(["[a]"]) });
  const tokenA = await createAccountToken(ctxA, { name: "Integration" });

  const other = await createTemplate(ctxB, { name: "Alpha of B" }, { name: "x.docx", bytes: makeDocx(["[a]"]) });
  const tokenB = await createAccountToken(ctxB, { name: "B" });

  a = {
    key: tokenA.key,
    tokenId: tokenA.id,
    accessToken: sessionA.accessToken,
    ownerId: accountA.owner.id,
    templateIds: [alpha.id, bravo.id, charlie.id],
    folderId: folder.id,
    tagId: tag.id,
    categoryId: category.id,
  };
  b = { key: tokenB.key, templateId: other.id };
});

describe("GET /v1/templates authentication", () => {
  it("answers 401 without a key, with a wrong key, and with a session but no key", async () => {
    const attempts: Record<string, string>[] = [{}, { "api-key": "cvt_not-a-real-key" }, { authorization: `Bearer ${a.accessToken}` }];
    for (const headers of attempts) {
      const response = await listTemplates("", headers);
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "UNAUTHENTICATED", type: "authentication" });
      expect(typeof body.error.message).toBe("string");
    }
    expect((await getTemplate(a.templateIds[0], "", {})).status).toBe(401);
  });

  it("checks the key before the query: no key and a bad size is still 401", async () => {
    expect((await listTemplates("?size=1000", {})).status).toBe(401);
  });

  it("refuses a revoked key, and a key whose member left the workspace", async () => {
    const accountC = await createAccount("ApiC");
    const { ctx } = await signedInAs(accountC.owner.id, accountC.account.id);
    const revoked = await createAccountToken(ctx, { name: "Old" });
    expect((await listTemplates("", { "api-key": revoked.key })).status).toBe(200);
    await revokeAccountToken(ctx, revoked.id);
    expect((await listTemplates("", { "api-key": revoked.key })).status).toBe(401);

    const member = await addMember(accountC.account.id, "Member");
    const memberCtx = (await signedInAs(member.id, accountC.account.id)).ctx;
    // A Member cannot create tokens; write one for them as an Administrator would have.
    await expect(runOperation(createToken, memberCtx, { name: "Mine" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const adminMade = await createAccountToken(ctx, { name: "For member" });
    await db.accountToken.update({ where: { id: adminMade.id }, data: { userId: member.id } });
    expect((await listTemplates("", { "api-key": adminMade.key })).status).toBe(200);
    await db.accountPolicy.updateMany({ where: { accountId: accountC.account.id, userId: member.id }, data: { status: "disabled" } });
    expect((await listTemplates("", { "api-key": adminMade.key })).status).toBe(401);
  });

  it("acts with the creator's role: a Guest's key may not view templates (403)", async () => {
    const accountD = await createAccount("ApiD");
    const { ctx } = await signedInAs(accountD.owner.id, accountD.account.id);
    const guest = await addMember(accountD.account.id, "Guest");
    const made = await createAccountToken(ctx, { name: "Guest key" });
    await db.accountToken.update({ where: { id: made.id }, data: { userId: guest.id } });
    const response = await listTemplates("", { "api-key": made.key });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("FORBIDDEN");
  });

  it("accepts the key in x-api-key too, and records each use on the token", async () => {
    const before = await db.accountToken.findUniqueOrThrow({ where: { id: a.tokenId } });
    expect((await listTemplates("", { "x-api-key": a.key })).status).toBe(200);
    expect((await listTemplates()).status).toBe(200);
    const after = await db.accountToken.findUniqueOrThrow({ where: { id: a.tokenId } });
    expect(after.used).toBe(before.used + 2);
    expect(after.usedAt).not.toBeNull();
    expect(after.usedAt!.getTime()).toBeGreaterThanOrEqual(before.usedAt?.getTime() ?? 0);
  });
});

describe("GET /v1/templates", () => {
  it("lists only the key's workspace's templates, in the public shape", async () => {
    const response = await listTemplates();
    expect(response.status).toBe(200);
    const body = (await response.json()) as Page;
    expect(Object.keys(body)).toEqual(["page", "pages", "perPage", "total", "items"]);
    expect(body).toMatchObject({ page: 1, pages: 1, perPage: 25, total: 3 });
    expect(body.items.map((t) => t.id).sort()).toEqual([...a.templateIds].sort());
    expect(JSON.stringify(body)).not.toContain(b.templateId);
    expect(JSON.stringify(body)).not.toContain("Alpha of B");

    const charlie = body.items.find((t) => t.name === "Charlie")!;
    expect(charlie).toEqual({
      id: a.templateIds[2],
      name: "Charlie",
      description: "Lease for offices",
      published: false,
      language: null,
      jurisdiction: null,
      value: 1200.5,
      currency: "EUR",
      format: "docx",
      folderId: a.folderId,
      category: { id: a.categoryId, name: "Sales" },
      tags: [{ id: a.tagId, name: "Urgent", color: "#ff0000" }],
      variables: [expect.objectContaining({ name: "tenant", type: "text" }), expect.objectContaining({ name: "rent", type: "text" })],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Internal columns stay inside.
    for (const hidden of ["accountId", "fileKey", "metadata", "settings", "authorId", "delimiter"])
      expect(charlie).not.toHaveProperty(hidden);
  });

  it("pages, sizes and orders", async () => {
    const first = (await (await listTemplates("?size=2&orderBy=name&sortBy=asc")).json()) as Page;
    expect(first).toMatchObject({ page: 1, pages: 2, perPage: 2, total: 3 });
    expect(first.items.map((t) => t.name)).toEqual(["Alpha", "Bravo"]);
    const second = (await (await listTemplates("?size=2&page=2&orderBy=name&sortBy=asc")).json()) as Page;
    expect(second).toMatchObject({ page: 2, pages: 2, perPage: 2, total: 3 });
    expect(second.items.map((t) => t.name)).toEqual(["Charlie"]);
    const desc = (await (await listTemplates("?orderBy=name&sortBy=desc")).json()) as Page;
    expect(desc.items.map((t) => t.name)).toEqual(["Charlie", "Bravo", "Alpha"]);
    const beyond = (await (await listTemplates("?size=2&page=5")).json()) as Page;
    expect(beyond).toMatchObject({ page: 5, total: 3, items: [] });
  });

  it("filters by name, search and folder", async () => {
    const byName = (await (await listTemplates("?name=brav")).json()) as Page;
    expect(byName.items.map((t) => t.name)).toEqual(["Bravo"]);
    const bySearch = (await (await listTemplates("?search=offices")).json()) as Page;
    expect(bySearch.items.map((t) => t.name)).toEqual(["Charlie"]);
    const byFolder = (await (await listTemplates(`?folderId=${a.folderId}`)).json()) as Page;
    expect(byFolder.items.map((t) => t.name)).toEqual(["Charlie"]);
  });

  it.each([
    ["?size=1000", "size"],
    ["?size=0", "size"],
    ["?page=0", "page"],
    ["?size=ten", "size"],
    ["?orderBy=password", "orderBy"],
    ["?sortBy=up", "sortBy"],
    ["?accountId=other", "accountId"],
  ])("refuses %s with 400 naming the parameter", async (query, field) => {
    const response = await listTemplates(query);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toContain(field);
    expect(body.error.details.fields.map((f: { path: string }) => f.path)).toContain(field);
  });
});

describe("GET /v1/templates/{id}", () => {
  it("answers one template, without the expandable parts unless asked", async () => {
    const response = await getTemplate(a.templateIds[2]);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: a.templateIds[2], name: "Charlie", folderId: a.folderId });
    expect(body).not.toHaveProperty("author");
    expect(body).not.toHaveProperty("folder");
    expect(body).not.toHaveProperty("file");
  });

  it("adds author, folder and file with expandable", async () => {
    const body = await (await getTemplate(a.templateIds[2], "?expandable=author,folder,file")).json();
    expect(body.author).toEqual({ id: a.ownerId, firstName: "Test", lastName: "User" });
    expect(body.folder).toEqual({ id: a.folderId, name: "Leases" });
    expect(body.file).toEqual({
      name: "c.docx",
      mimetype: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      size: expect.any(Number),
      version: 1,
    });
    expect(body.author).not.toHaveProperty("email");

    const onlyFolder = await (await getTemplate(a.templateIds[0], "?expandable=folder")).json();
    expect(onlyFolder.folder).toBeNull();
    expect(onlyFolder).not.toHaveProperty("author");
  });

  it("refuses an unknown expandable with 400", async () => {
    const response = await getTemplate(a.templateIds[0], "?expandable=author,account");
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 404 for another workspace's template and for an unknown id", async () => {
    for (const id of [b.templateId, "does-not-exist"]) {
      const response = await getTemplate(id, "?expandable=author,folder,file");
      expect(response.status).toBe(404);
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe("NOT_FOUND");
      expect(text).not.toContain("Alpha of B");
    }
    // B's own key does reach it.
    expect((await getTemplate(b.templateId, "", { "api-key": b.key })).status).toBe(200);
  });
});

describe("GET /v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document describing both operations and the api-key header", async () => {
    const response = await openapi.GET();
    expect(response.status).toBe(200);
    const doc = JSON.parse(await response.text());
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/templates", "/v1/templates/{id}"]));
    expect(doc.paths["/v1/templates"].get.operationId).toBe("findTemplates");
    expect(doc.paths["/v1/templates/{id}"].get.operationId).toBe("getTemplate");
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "api-key" });
    const listParams = doc.paths["/v1/templates"].get.parameters.map((p: { name: string }) => p.name);
    expect(listParams.sort()).toEqual(["folderId", "name", "orderBy", "page", "search", "size", "sortBy"]);
    expect(Object.keys(doc.paths["/v1/templates/{id}"].get.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "404"]));
    // Every $ref points at something that exists.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]);
    for (const ref of refs)
      expect(
        ref.split("/").reduce((node, key) => node?.[key], doc),
        ref,
      ).toBeDefined();
  });

  it("follows the declarations: one path per operation only an API key opens, with its input's fields as parameters", async () => {
    const doc = JSON.parse(await (await openapi.GET()).text());
    const declared = OPERATIONS.filter((operation) => operation.callers.length === 1 && operation.callers[0] === "apiToken");
    expect(declared.map((operation) => operation.name).sort()).toEqual(["findTemplates", "getTemplate"]);
    for (const operation of declared) {
      const { method, path } = OPERATION_ROUTES[operation.name as keyof typeof OPERATION_ROUTES];
      const described = doc.paths[path]?.[method.toLowerCase()];
      expect(described?.operationId, path).toBe(operation.name);
      const fields = Object.keys((operation.input as unknown as { shape: Record<string, unknown> }).shape).sort();
      expect(described.parameters.map((p: { name: string }) => p.name).sort(), operation.name).toEqual(fields);
    }
  });
});
