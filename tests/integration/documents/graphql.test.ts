import { beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/graphql/route";
import { db } from "@/lib/db";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { makeDocx } from "@/tests/fixtures/docx";

type GraphQLBody<T> = { data?: T; errors?: { message: string; extensions: { code: string; type: string; message: string } }[] };

/**
 * A GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec):
 * an `operations` part, a `map` part naming where each file goes, then one part per file.
 */
async function graphqlUpload<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, { name: string; bytes: Uint8Array; type?: string }>,
  accessToken: string,
) {
  const form = new FormData();
  const map: Record<string, string[]> = {};
  const entries = Object.entries(files);
  entries.forEach(([path], i) => (map[String(i)] = [`variables.${path}`]));
  form.append("operations", JSON.stringify({ query, variables }));
  form.append("map", JSON.stringify(map));
  entries.forEach(([, file], i) =>
    form.append(String(i), new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/octet-stream" })),
  );
  const response = await POST(
    new Request("http://localhost:3000/graphql", { method: "POST", headers: { authorization: `Bearer ${accessToken}` }, body: form }),
  );
  return (await response.json()) as GraphQLBody<T>;
}

let token: string;
let accountId: string;

beforeAll(async () => {
  const { account, owner } = await createAccount("GraphQL docs");
  accountId = account.id;
  token = (await signedInAs(owner.id, account.id)).accessToken;
});

const TEMPLATE_FIELDS = "id name published delimiter variables author { name }";

describe("documents and templates through /graphql", () => {
  it("uploads a template, sets its fields, publishes it, makes a document, lists, searches and changes status", async () => {
    const upload = await graphqlUpload<{
      createTemplate: { id: string; name: string; published: boolean; delimiter: string; variables: { name: string }[] };
    }>(
      `mutation ($file: File!, $data: CreateTemplateDataInput) { createTemplate(file: $file, data: $data) { ${TEMPLATE_FIELDS} } }`,
      { file: null, data: { language: "en" } },
      {
        file: { name: "Lease [tenant].docx", bytes: makeDocx(["Lease for [tenant] at [rent] a month.", "The Wombatish clause applies."]) },
      },
      token,
    );
    expect(upload.errors).toBeUndefined();
    const template = upload.data!.createTemplate;
    expect(template).toMatchObject({ name: "Lease [tenant]", published: false, delimiter: "bracket" });
    expect(template.variables.map((v) => v.name)).toEqual(["tenant", "rent"]);

    const variables = [
      { name: "tenant", type: "text", required: true },
      { name: "rent", type: "currency", required: true, options: { currency: "EUR" } },
    ];
    const updated = await graphql<{ updateTemplate: { variables: { name: string; type: string }[] } }>(
      "mutation ($id: ID!, $variables: [TemplateVariableInput!]) { updateTemplate(id: $id, variables: $variables) { variables } }",
      { accessToken: token, variables: { id: template.id, variables } },
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateTemplate.variables.map((v) => v.type)).toEqual(["text", "currency"]);

    const early = await graphql("mutation ($data: CreateDocumentInput) { createDocument(data: $data) { id } }", {
      accessToken: token,
      variables: { data: { templateId: template.id, values: { tenant: "Ana", rent: 900 } } },
    });
    expect(early.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });

    const published = await graphql<{ publishUnpublishTemplate: { published: boolean } }>(
      "mutation ($id: ID!) { publishUnpublishTemplate(id: $id, data: { published: true }) { published } }",
      { accessToken: token, variables: { id: template.id } },
    );
    expect(published.data?.publishUnpublishTemplate.published).toBe(true);

    const created = await graphql<{
      createDocument: {
        id: string;
        name: string;
        status: string;
        health: string;
        content: { version: number; mimetype: string };
        template: { id: string };
      };
    }>(
      "mutation ($data: CreateDocumentInput) { createDocument(data: $data) { id name status health content { version mimetype } template { id } } }",
      { accessToken: token, variables: { data: { templateId: template.id, values: { tenant: "Ana Quokkason", rent: 900 } } } },
    );
    expect(created.errors).toBeUndefined();
    const doc = created.data!.createDocument;
    expect(doc).toMatchObject({
      name: "Lease Ana Quokkason",
      status: "initial",
      health: "green",
      content: { version: 1 },
      template: { id: template.id },
    });

    const other = await graphqlUpload<{ createDocument: { id: string } }>(
      'mutation ($file: File) { createDocument(file: $file, data: { name: "Side letter" }) { id } }',
      { file: null },
      { file: { name: "side.docx", bytes: makeDocx(["Side letter"]) } },
      token,
    );
    expect(other.errors).toBeUndefined();

    const drafting = await graphql<{ updateDocumentStatus: { status: string } }>(
      "mutation ($id: ID!) { updateDocumentStatus(id: $id, newStatus: drafting) { status } }",
      { accessToken: token, variables: { id: doc.id } },
    );
    expect(drafting.data?.updateDocumentStatus.status).toBe("drafting");
    const invalid = await graphql("mutation ($id: ID!) { updateDocumentStatus(id: $id, newStatus: expired) { status } }", {
      accessToken: token,
      variables: { id: doc.id },
    });
    expect(invalid.errors?.[0].extensions).toMatchObject({ code: "INVALID_TRANSITION", type: "conflict" });

    type Page = {
      documents: {
        total: number;
        page: number;
        perPage: number;
        items: { id: string; status: string; abilities: { edit: boolean }; highlight: { text: string; match: boolean }[] | null }[];
      };
    };
    const byStatus = await graphql<Page>(
      "{ documents(statuses: [drafting]) { total page perPage items { id status abilities { edit } highlight { text match } } } }",
      { accessToken: token },
    );
    expect(byStatus.errors).toBeUndefined();
    expect(byStatus.data!.documents).toMatchObject({
      total: 1,
      page: 1,
      perPage: 25,
      items: [{ id: doc.id, status: "drafting", abilities: { edit: true }, highlight: null }],
    });

    const searched = await graphql<Page>('{ documents(search: "wombatish") { total items { id highlight { text match } } } }', {
      accessToken: token,
    });
    expect(searched.data!.documents.total).toBe(1);
    expect(searched.data!.documents.items[0].highlight).toContainEqual({ text: expect.stringMatching(/Wombatish/), match: true });

    const count = await graphql<{ documentsCount: number }>("{ documentsCount(statuses: [initial]) }", { accessToken: token });
    expect(count.data?.documentsCount).toBe(1);

    const one = await graphql<{ document: { role: string; locked: boolean; abilities: { manage: boolean }; author: { name: string } } }>(
      "query ($id: ID!) { document(id: $id) { role locked abilities { manage } author { name } } }",
      { accessToken: token, variables: { id: doc.id } },
    );
    expect(one.data?.document).toMatchObject({ role: "owner", locked: false, abilities: { manage: true }, author: { name: "Test User" } });

    const version = await graphqlUpload<{ updateDocumentVersion: { version: number } }>(
      'mutation ($id: ID!, $file: File!) { updateDocumentVersion(id: $id, file: $file, delimiter: "bracket") { version } }',
      { id: doc.id, file: null },
      { file: { name: "lease-v2.docx", bytes: makeDocx(["Lease v2"]) } },
      token,
    );
    expect(version.data?.updateDocumentVersion.version).toBe(2);
    const versions = await graphql<{ documentVersions: { version: number }[] }>(
      "query ($id: ID!) { documentVersions(id: $id) { version } }",
      { accessToken: token, variables: { id: doc.id } },
    );
    expect(versions.data?.documentVersions.map((v) => v.version)).toEqual([2, 1]);
  });

  it("refuses a file over the upload limit before reading it, and a createDocument without a source", async () => {
    const previous = process.env.UPLOAD_MAX_BYTES;
    process.env.UPLOAD_MAX_BYTES = "1000";
    try {
      const tooBig = await graphqlUpload(
        "mutation ($file: File!) { createTemplate(file: $file) { id } }",
        { file: null },
        { file: { name: "big.docx", bytes: new Uint8Array(5000) } },
        token,
      );
      expect(tooBig.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "FILE_TOO_LARGE" });
    } finally {
      if (previous === undefined) delete process.env.UPLOAD_MAX_BYTES;
      else process.env.UPLOAD_MAX_BYTES = previous;
    }
    const none = await graphql("mutation { createDocument { id } }", { accessToken: token });
    expect(none.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "MISSING_PARAMETER",
      message: "Required parameter file was null or undefined when calling createDocument",
    });
  });

  it("creates, moves and deletes folders, with the tree rooted at 'Drive'", async () => {
    type F = { id: string; name: string };
    const make = async (name: string, parentId?: string) =>
      (
        await graphql<{ createFolder: F }>(
          "mutation ($name: String!, $parentId: ID) { createFolder(name: $name, parentId: $parentId) { id name } }",
          {
            accessToken: token,
            variables: { name, parentId },
          },
        )
      ).data!.createFolder;
    const contracts = await make("Contracts");
    const leases = await make("Leases");
    const moved = await graphql<{ updateFolder: { parentId: string; parent: F } }>(
      "mutation ($id: ID!, $parent: ID) { updateFolder(id: $id, parentId: $parent) { parentId parent { id name } } }",
      { accessToken: token, variables: { id: leases.id, parent: contracts.id } },
    );
    expect(moved.data?.updateFolder).toEqual({ parentId: contracts.id, parent: { id: contracts.id, name: "Contracts" } });
    const loop = await graphql("mutation ($id: ID!, $parent: ID) { updateFolder(id: $id, parentId: $parent) { id } }", {
      accessToken: token,
      variables: { id: contracts.id, parent: leases.id },
    });
    expect(loop.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });

    type Node = { key: string; label: string; type: string; leaf: boolean; children: Node[] };
    const tree = await graphql<{ folderTree: Node }>(
      "{ folderTree { key label type leaf children { key label leaf children { key label leaf } } } }",
      { accessToken: token },
    );
    expect(tree.data?.folderTree).toMatchObject({
      key: "root",
      label: "Drive",
      type: "root",
      leaf: false,
      children: [{ key: contracts.id, label: "Contracts", leaf: false, children: [{ key: leases.id, label: "Leases", leaf: true }] }],
    });

    const top = await graphql<{ folders: { items: F[] } }>("{ folders(group: document, where: { parent: null }) { items { id name } } }", {
      accessToken: token,
    });
    expect(top.data?.folders.items).toEqual([{ id: contracts.id, name: "Contracts" }]);
    const children = await graphql<{ folders: { items: F[] } }>("query ($p: ID) { folders(where: { parent: $p }) { items { id } } }", {
      accessToken: token,
      variables: { p: contracts.id },
    });
    expect(children.data?.folders.items).toEqual([{ id: leases.id }]);

    const doc = await graphqlUpload<{ createDocument: { id: string } }>(
      "mutation ($file: File, $folder: ID) { createDocument(file: $file, data: { folderId: $folder }) { id } }",
      { file: null, folder: leases.id },
      { file: { name: "in-folder.docx", bytes: makeDocx(["In a folder"]) } },
      token,
    );
    const inFolder = await graphql<{ documents: { total: number } }>("query ($f: ID) { documents(folderId: $f) { total } }", {
      accessToken: token,
      variables: { f: leases.id },
    });
    expect(inFolder.data?.documents.total).toBe(1);

    const deleted = await graphql<{ deleteFolder: string }>("mutation ($id: ID!) { deleteFolder(id: $id) }", {
      accessToken: token,
      variables: { id: contracts.id },
    });
    expect(deleted.data?.deleteFolder).toBe(contracts.id);
    expect(await db.folder.count({ where: { accountId } })).toBe(0);
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.data!.createDocument.id } })).folderId).toBeNull();
    const empty = await graphql<{ folderTree: Node }>("{ folderTree { label leaf children { key } } }", { accessToken: token });
    expect(empty.data?.folderTree).toEqual({ label: "Drive", leaf: false, children: [] }); // the root is never a leaf
  });

  it("labels the status list in the language of the x-language header", async () => {
    const result = await graphql<{ documentStatusList: { key: string; value: string }[] }>("{ documentStatusList { key value } }", {
      accessToken: token,
      headers: { "x-language": "es" },
    });
    expect(result.data?.documentStatusList).toContainEqual({ key: "initial", value: "Creado" });
    expect(result.data?.documentStatusList).toContainEqual({ key: "expired", value: "Vencido" });
    const english = await graphql<{ documentStatusList: { key: string; value: string }[] }>("{ documentStatusList { key value } }", {
      accessToken: token,
    });
    expect(english.data?.documentStatusList[0]).toEqual({ key: "initial", value: "Created" });
  });
});
