import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as documentFile from "@/app/vapp/documents/[id]/file/route";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { createFolder, folderAncestors } from "@/lib/folders/folders";
import { createTemplate, updateTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/** Spec fields added to the GraphQL entity types: DocumentContent path/preview, Folder ancestors/path, TemplateVariable id/key. */

type Crumb = { id: string; name: string };
type FolderFields = { id: string; name: string; ancestors: Crumb[]; path: string };

let a: { ctx: ServiceContext; token: string };
let b: { ctx: ServiceContext; token: string };

beforeAll(async () => {
  const accountA = await createAccount("Entity fields A");
  const accountB = await createAccount("Entity fields B");
  const sessionA = await signedInAs(accountA.owner.id, accountA.account.id);
  const sessionB = await signedInAs(accountB.owner.id, accountB.account.id);
  a = { ctx: sessionA.ctx, token: sessionA.accessToken };
  b = { ctx: sessionB.ctx, token: sessionB.accessToken };
});

afterEach(() => vi.restoreAllMocks());

/** A chain of document folders, each inside the previous one; the first at the top level. */
async function folderChain(ctx: ServiceContext, names: string[], group: "document" | "template" = "document") {
  const chain: Crumb[] = [];
  for (const name of names) {
    const folder = await createFolder(ctx, { name, group, parentId: chain.at(-1)?.id ?? null });
    chain.push({ id: folder.id, name: folder.name });
  }
  return chain;
}

describe("DocumentContent: path and preview", () => {
  it("every version gives its own download URL and view URL, and the download URL serves that version", async () => {
    const document = await createDocumentFromUpload(a.ctx, { name: "Lease" }, { name: "lease-v1.docx", bytes: makeDocx(["First draft"]) });
    await updateDocumentVersion(a.ctx, document.id, { name: "lease-v2.docx", bytes: makeDocx(["Second draft"]) });
    const fields = "id version name path preview";

    const versions = await graphql<{ documentVersions: { version: number; name: string; path: string; preview: string }[] }>(
      `query ($id: ID!) { documentVersions(id: $id) { ${fields} } }`,
      { accessToken: a.token, variables: { id: document.id } },
    );
    expect(versions.errors).toBeUndefined();
    expect(versions.data!.documentVersions).toMatchObject([
      {
        version: 2,
        name: "lease-v2.docx",
        path: `/vapp/documents/${document.id}/file?version=2`,
        preview: `/d/${document.id}/view?version=2`,
      },
      {
        version: 1,
        name: "lease-v1.docx",
        path: `/vapp/documents/${document.id}/file?version=1`,
        preview: `/d/${document.id}/view?version=1`,
      },
    ]);

    const one = await graphql<{ documentContent: { version: number; path: string; preview: string } }>(
      `query ($id: ID!) { documentContent(id: $id, version: 1) { ${fields} } }`,
      { accessToken: a.token, variables: { id: document.id } },
    );
    expect(one.data?.documentContent).toMatchObject({
      version: 1,
      path: `/vapp/documents/${document.id}/file?version=1`,
      preview: `/d/${document.id}/view?version=1`,
    });

    // The latest version through the document, alone and in a list page.
    const latest = await graphql<{
      document: { content: { version: number; path: string; preview: string } };
      documents: { items: { id: string; content: { path: string } }[] };
    }>(
      `query ($id: ID!) { document(id: $id) { content { ${fields} } } documents(search: null, size: 100) { items { id content { path } } } }`,
      { accessToken: a.token, variables: { id: document.id } },
    );
    expect(latest.errors).toBeUndefined();
    expect(latest.data!.document.content).toMatchObject({
      version: 2,
      path: `/vapp/documents/${document.id}/file?version=2`,
      preview: `/d/${document.id}/view?version=2`,
    });
    expect(latest.data!.documents.items.find((d) => d.id === document.id)?.content.path).toBe(
      `/vapp/documents/${document.id}/file?version=2`,
    );

    // The URL is real: the REST download answers that version's file.
    const response = await documentFile.GET(
      jsonRequest("GET", versions.data!.documentVersions[1].path, { headers: { authorization: `Bearer ${a.token}` }, csrf: false }),
      params({ id: document.id }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("lease-v1.docx");
  });

  it("a new version from updateDocumentVersion carries its URLs too", async () => {
    const document = await createDocumentFromUpload(a.ctx, { name: "Offer" }, { name: "offer.docx", bytes: makeDocx(["Offer"]) });
    const form = new FormData();
    form.append(
      "operations",
      JSON.stringify({
        query: "mutation ($id: ID!, $file: File!) { updateDocumentVersion(id: $id, file: $file) { version path preview } }",
        variables: { id: document.id, file: null },
      }),
    );
    form.append("map", JSON.stringify({ 0: ["variables.file"] }));
    form.append("0", new File([makeDocx(["Offer, revised"]) as BlobPart], "offer-2.docx"));
    const { POST } = await import("@/app/graphql/route");
    const response = await POST(
      new Request("http://localhost:3000/graphql", { method: "POST", headers: { authorization: `Bearer ${a.token}` }, body: form }),
    );
    const body = (await response.json()) as {
      data?: { updateDocumentVersion: { version: number; path: string; preview: string } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data?.updateDocumentVersion).toEqual({
      version: 2,
      path: `/vapp/documents/${document.id}/file?version=2`,
      preview: `/d/${document.id}/view?version=2`,
    });
  });
});

describe("Folder: ancestors and path", () => {
  it("a deep folder returns its full chain from the top level down to its parent, in order, and its path", async () => {
    const chain = await folderChain(a.ctx, ["Clients", "Acme", "2025", "Leases", "Signed"]);
    const deepest = chain.at(-1)!;
    const result = await graphql<{ folders: { items: FolderFields[] } }>(
      "{ folders(group: document) { items { id name ancestors { id name } path } } }",
      { accessToken: a.token },
    );
    expect(result.errors).toBeUndefined();
    const byId = new Map(result.data!.folders.items.map((f) => [f.id, f]));
    expect(byId.get(deepest.id)).toEqual({
      ...deepest,
      ancestors: chain.slice(0, -1),
      path: "Drive / Clients / Acme / 2025 / Leases / Signed",
    });
    expect(byId.get(chain[0].id)).toEqual({ ...chain[0], ancestors: [], path: "Drive / Clients" });
    expect(byId.get(chain[2].id)?.ancestors).toEqual(chain.slice(0, 2));
  });

  it("follows a move, and works on a document's folder and on template folders", async () => {
    const [left, right] = await folderChain(a.ctx, ["Left", "Right"]);
    const [inner] = await folderChain(a.ctx, ["Inner"]);
    const moved = await graphql<{ updateFolder: FolderFields }>(
      "mutation ($id: ID!, $parent: ID) { updateFolder(id: $id, parentId: $parent) { id name ancestors { id name } path } }",
      { accessToken: a.token, variables: { id: inner.id, parent: right.id } },
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.updateFolder).toEqual({ ...inner, ancestors: [left, right], path: "Drive / Left / Right / Inner" });

    const document = await createDocumentFromUpload(
      a.ctx,
      { name: "Filed", folderId: inner.id },
      { name: "filed.docx", bytes: makeDocx(["Filed"]) },
    );
    const viaDocument = await graphql<{ document: { folder: FolderFields } }>(
      "query ($id: ID!) { document(id: $id) { folder { id name ancestors { id name } path } } }",
      { accessToken: a.token, variables: { id: document.id } },
    );
    expect(viaDocument.errors).toBeUndefined();
    expect(viaDocument.data!.document.folder).toEqual({ ...inner, ancestors: [left, right], path: "Drive / Left / Right / Inner" });

    const templateChain = await folderChain(a.ctx, ["Models", "Employment"], "template");
    const templates = await graphql<{ folders: { items: FolderFields[] } }>(
      "{ folders(group: template) { items { id name ancestors { id name } path } } }",
      { accessToken: a.token },
    );
    expect(templates.data!.folders.items.find((f) => f.id === templateChain[1].id)).toEqual({
      ...templateChain[1],
      ancestors: [templateChain[0]],
      path: "Drive / Models / Employment",
    });
  });

  it("loads the ancestors of a whole list in one query", async () => {
    await folderChain(a.ctx, ["Batch 1", "Batch 2", "Batch 3", "Batch 4"]);
    // `db` is a proxy over the one client: count the raw queries on the client itself.
    const client = (globalThis as unknown as { __covenantDb: { client: { $queryRaw: (...args: unknown[]) => unknown } } }).__covenantDb
      .client;
    const spy = vi.spyOn(client, "$queryRaw");
    const result = await graphql<{ folders: { items: FolderFields[] } }>(
      "{ folders(group: document) { items { id ancestors { id } path } } }",
      { accessToken: a.token },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.folders.items.length).toBeGreaterThan(4);
    const ancestorQueries = spy.mock.calls.filter(([sql]) => Array.isArray(sql) && sql.join("").includes("WITH RECURSIVE up"));
    expect(ancestorQueries).toHaveLength(1);
  });

  it("never includes another account's folders, even when a parent points across accounts", async () => {
    const [foreign] = await folderChain(b.ctx, ["B secret parent"]);
    const [top, stray] = await folderChain(a.ctx, ["A top", "A stray"]);
    // A broken row no service writes: A's folder under B's folder.
    await db.folder.update({ where: { id: stray.id }, data: { parentId: foreign.id } });
    // And a folder of B's under one of A's.
    const [bChild] = await folderChain(b.ctx, ["B child"]);
    await db.folder.update({ where: { id: bChild.id }, data: { parentId: top.id } });

    const seenByA = await graphql<{ folders: { items: FolderFields[] } }>(
      "{ folders(group: document) { items { id name ancestors { id name } path } } }",
      { accessToken: a.token },
    );
    expect(seenByA.errors).toBeUndefined();
    const strayA = seenByA.data!.folders.items.find((f) => f.id === stray.id)!;
    expect(strayA).toEqual({ ...stray, ancestors: [], path: "Drive / A stray" });
    expect(JSON.stringify(seenByA.data)).not.toContain("B secret parent");
    expect(JSON.stringify(seenByA.data)).not.toContain(foreign.id);

    const seenByB = await graphql<{ folders: { items: FolderFields[] } }>(
      "{ folders(group: document) { items { id name ancestors { id name } path } } }",
      { accessToken: b.token },
    );
    expect(seenByB.data!.folders.items.find((f) => f.id === bChild.id)).toEqual({ ...bChild, ancestors: [], path: "Drive / B child" });
    expect(JSON.stringify(seenByB.data)).not.toContain("A top");

    // The service itself: another account's folder id gets an empty chain, nothing of its tree.
    const deepA = await folderChain(a.ctx, ["A one", "A two", "A three"]);
    const fromB = await folderAncestors(b.ctx, "document", [deepA[2].id]);
    expect(fromB.get(deepA[2].id)).toEqual([]);
    const fromA = await folderAncestors(a.ctx, "document", [deepA[2].id, bChild.id]);
    expect(fromA.get(deepA[2].id)).toEqual(deepA.slice(0, 2));
    expect(fromA.get(bChild.id)).toEqual([]);
  });

  it("a template folder's chain does not run through document folders", async () => {
    const [documentFolder] = await folderChain(a.ctx, ["Doc parent"]);
    const [templateFolder] = await folderChain(a.ctx, ["Tpl child"], "template");
    await db.folder.update({ where: { id: templateFolder.id }, data: { parentId: documentFolder.id } });
    expect((await folderAncestors(a.ctx, "template", [templateFolder.id])).get(templateFolder.id)).toEqual([]);
  });
});

describe("TemplateVariable: id and key", () => {
  it("gives each field definition its key (the name in the file) and a stable id {templateId}:{key}", async () => {
    const template = await createTemplate(
      a.ctx,
      { name: "Lease template" },
      { name: "lease.docx", bytes: makeDocx(["Lease for [tenant] at [monthly rent] a month."]) },
    );
    const query =
      "query ($id: ID!) { template(id: $id) { id variableDefinitions { id key name label type required deprecated options } } }";
    type Result = {
      template: {
        id: string;
        variableDefinitions: {
          id: string;
          key: string;
          name: string;
          label: string | null;
          type: string;
          required: boolean;
          deprecated: boolean;
          options: object;
        }[];
      };
    };

    const first = await graphql<Result>(query, { accessToken: a.token, variables: { id: template.id } });
    expect(first.errors).toBeUndefined();
    expect(first.data!.template.variableDefinitions).toEqual([
      {
        id: `${template.id}:tenant`,
        key: "tenant",
        name: "tenant",
        label: null,
        type: "text",
        required: true,
        deprecated: false,
        options: {},
      },
      {
        id: `${template.id}:monthly rent`,
        key: "monthly rent",
        name: "monthly rent",
        label: null,
        type: "text",
        required: true,
        deprecated: false,
        options: {},
      },
    ]);

    // Changing a definition keeps its id; the typed list follows the stored definitions.
    await updateTemplate(a.ctx, template.id, {
      variables: [
        { name: "tenant", label: "Tenant", type: "text", required: true, deprecated: false, options: {} },
        { name: "monthly rent", type: "currency", required: true, deprecated: false, options: { currency: "EUR" } },
      ],
    });
    const second = await graphql<Result>(query, { accessToken: a.token, variables: { id: template.id } });
    expect(second.data!.template.variableDefinitions).toMatchObject([
      { id: `${template.id}:tenant`, key: "tenant", label: "Tenant" },
      { id: `${template.id}:monthly rent`, key: "monthly rent", type: "currency", options: { currency: "EUR" } },
    ]);

    // Ids differ between templates with the same field names.
    const copy = await createTemplate(a.ctx, { name: "Another" }, { name: "other.docx", bytes: makeDocx(["[tenant]"]) });
    const other = await graphql<Result>(query, { accessToken: a.token, variables: { id: copy.id } });
    expect(other.data!.template.variableDefinitions.map((v) => v.id)).toEqual([`${copy.id}:tenant`]);
  });

  it("appears in the templates page too", async () => {
    const template = await createTemplate(a.ctx, { name: "Listed template" }, { name: "listed.docx", bytes: makeDocx(["[party]"]) });
    const page = await graphql<{ templates: { items: { id: string; variableDefinitions: { id: string; key: string }[] }[] } }>(
      '{ templates(name: "Listed template") { items { id variableDefinitions { id key } } } }',
      { accessToken: a.token },
    );
    expect(page.errors).toBeUndefined();
    expect(page.data!.templates.items.find((t) => t.id === template.id)?.variableDefinitions).toEqual([
      { id: `${template.id}:party`, key: "party" },
    ]);
  });
});
