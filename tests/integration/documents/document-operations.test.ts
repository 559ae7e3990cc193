import { beforeAll, describe, expect, it } from "vitest";
import * as documents from "@/app/vapp/documents/route";
import * as documentRoute from "@/app/vapp/documents/[id]/route";
import * as documentVersions from "@/app/vapp/documents/[id]/versions/route";
import * as attachmentsRoute from "@/app/vapp/documents/[id]/attachments/route";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { MAX_BULK_DELETE } from "@/lib/documents/document-operations";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql, graphqlUpload } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The documents' declarations (lib/documents/document-operations.ts and its neighbours) serve
 * REST and GraphQL alike: the same limits, and REST answers shaped by the declared outputs.
 */
let token: string;
let documentId: string;

beforeAll(async () => {
  const { account, owner } = await createAccount("DocOps");
  const session = await signedInAs(owner.id, account.id);
  token = session.accessToken;
  documentId = (await createDocumentFromUpload(session.ctx, { name: "Contract" }, { name: "c.docx", bytes: makeDocx(["Alpha"]) })).id;
});

const headers = () => ({ authorization: `Bearer ${token}` });
const req = (method: string, body?: unknown) => jsonRequest(method, "/x", { body, headers: headers(), csrf: false });
const ids = (count: number) => Array.from({ length: count }, (_, i) => `missing-${i}`);

function upload(files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([file.bytes as BlobPart]), file.name);
  return new Request("http://localhost:3000/x", { method: "POST", headers: headers(), body: form });
}

describe("the document operations over both transports", () => {
  it("refuses more than 100 documents to delete at once over REST and GraphQL alike, as bad input", async () => {
    const rest = await documents.DELETE(req("DELETE", { ids: ids(MAX_BULK_DELETE + 1) }));
    expect(rest.status).toBe(400);
    expect((await rest.json()).error.code).toBe("VALIDATION_FAILED");

    const over = await graphql("mutation($ids: [ID!]!) { bulkDeleteDocuments(ids: $ids) }", {
      accessToken: token,
      variables: { ids: ids(MAX_BULK_DELETE + 1) },
    });
    expect(over.errors?.[0].extensions.type).toBe("validation");

    // At the limit the input is valid: the ids are then looked for (and not found).
    const atLimit = await graphql("mutation($ids: [ID!]!) { bulkDeleteDocuments(ids: $ids) }", {
      accessToken: token,
      variables: { ids: ids(MAX_BULK_DELETE) },
    });
    expect(atLimit.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(await db.document.count({ where: { id: documentId } })).toBe(1);
  });

  it("lists documents over REST with the /docs screen's filters, as GraphQL's documents does, with the same page limit", async () => {
    const rest = await documents.GET(jsonRequest("GET", "/vapp/documents?status=initial&q=Alpha", { headers: headers() }));
    expect(rest.status).toBe(200);
    const page = await rest.json();
    expect(page).toMatchObject({ total: 1, page: 1, perPage: 25, pages: 1, capped: false });
    expect(page.items[0]).toMatchObject({ id: documentId, name: "Contract", abilities: { manage: true }, health: "green" });
    expect(page.items[0]).not.toHaveProperty("policies");

    const viaGraphql = await graphql<{ documents: { total: number; items: { id: string; abilities: { manage: boolean } }[] } }>(
      '{ documents(statuses: [initial], search: "Alpha") { total items { id abilities { manage } } } }',
      { accessToken: token },
    );
    expect(viaGraphql.data?.documents).toEqual({ total: 1, items: [{ id: documentId, abilities: { manage: true } }] });

    const tooBig = await documents.GET(jsonRequest("GET", "/vapp/documents?size=101", { headers: headers() }));
    expect(tooBig.status).toBe(400);
    const tooBigGraphql = await graphql("{ documents(size: 101) { total } }", { accessToken: token });
    expect(tooBigGraphql.errors?.[0].extensions.type).toBe("validation");
  });

  it("answers a document over REST through its declared output: its details, never the latest version's storage key or text", async () => {
    const response = await documentRoute.GET(req("GET"), params({ id: documentId }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: documentId, name: "Contract", role: "owner", abilities: { manage: true }, locked: false });
    expect(body.contents[0]).toMatchObject({ version: 1, name: "c.docx" });
    expect(body.contents[0]).not.toHaveProperty("path");
    expect(body.contents[0]).not.toHaveProperty("text");
  });

  it("adds a version over REST and GraphQL from the same declaration, without its storage key or text over REST", async () => {
    const response = await documentVersions.POST(upload([{ name: "v2.docx", bytes: makeDocx(["Beta"]) }]), params({ id: documentId }));
    expect(response.status).toBe(200);
    const version = await response.json();
    expect(version).toMatchObject({ version: 2, name: "v2.docx" });
    expect(version).not.toHaveProperty("path");
    expect(version).not.toHaveProperty("text");

    const viaGraphql = await graphqlUpload<{ updateDocumentVersion: { version: number; path: string } }>(
      "mutation($id: ID!, $file: File!) { updateDocumentVersion(id: $id, file: $file) { version path } }",
      { accessToken: token, variables: { id: documentId, file: null }, files: { file: { name: "v3.docx", bytes: makeDocx(["Gamma"]) } } },
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.updateDocumentVersion).toEqual({ version: 3, path: `/vapp/documents/${documentId}/file?version=3` });

    const list = await (await documentVersions.GET(req("GET"), params({ id: documentId }))).json();
    expect(list.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
  });

  it("takes one attachment per call: a second file is refused before anything is stored", async () => {
    const two = [
      { name: "a.docx", bytes: makeDocx(["One"]) },
      { name: "b.docx", bytes: makeDocx(["Two"]) },
    ];
    const response = await attachmentsRoute.POST(upload(two), params({ id: documentId }));
    expect(response.status).toBe(400);
    expect(await db.documentAttachment.count({ where: { documentId } })).toBe(0);
  });
});
