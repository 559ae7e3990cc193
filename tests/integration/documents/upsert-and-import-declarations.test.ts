import { beforeAll, describe, expect, it } from "vitest";
import * as documentLinks from "@/app/vapp/documents/[id]/links/route";
import * as documentRelations from "@/app/vapp/documents/[id]/relations/route";
import * as importRoute from "@/app/vapp/documents/import/route";
import * as fromTemplate from "@/app/vapp/documents/from-template/route";
import * as documents from "@/app/vapp/documents/route";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink } from "@/lib/links/document-links";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql, graphqlUpload } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { uploadFieldsTemplate } from "@/tests/factories/upload-fields-template";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * importDocuments, upsertLink and upsertRelation are declared once (issue 14): REST
 * (POST /vapp/documents/import, PUT /vapp/documents/{id}/links, PUT /vapp/documents/{id}/relations)
 * and GraphQL run the same declaration, with the same plan check and the same rules.
 */
let token: string;
let accountId: string;
let ownerCtx: ServiceContext;
let lease: { id: string };
let annex: { id: string };

beforeAll(async () => {
  const { account, owner } = await createAccount("Declared sources");
  accountId = account.id;
  const session = await signedInAs(owner.id, account.id);
  token = session.accessToken;
  ownerCtx = session.ctx;
  lease = await createDocumentFromUpload(session.ctx, { name: "Lease" }, { name: "lease.docx", bytes: makeDocx(["Lease terms"]) });
  annex = await createDocumentFromUpload(session.ctx, { name: "Annex" }, { name: "annex.docx", bytes: makeDocx(["Annex terms"]) });
});

const auth = () => ({ authorization: `Bearer ${token}` });
const req = (method: string, path: string, body?: unknown) => jsonRequest(method, path, { body, headers: auth(), csrf: false });
const twoFiles = (prefix: string) => [
  { name: `${prefix}-1.docx`, bytes: makeDocx([`${prefix} one`]) },
  { name: `${prefix}-2.docx`, bytes: makeDocx([`${prefix} two`]) },
];

function upload(path: string, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([file.bytes as BlobPart]), file.name);
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers: auth(), body: form });
}

const importByGraphql = (prefix: string) =>
  graphqlUpload<{ importDocuments: { id: string; name: string }[] }>(
    "mutation ($files: [File!]!) { importDocuments(files: $files) { id name } }",
    {
      accessToken: token,
      variables: { files: [null, null] },
      files: Object.fromEntries(twoFiles(prefix).map((file, i) => [`files.${i}`, file])),
    },
  );

const countNamed = (prefix: string) => db.document.count({ where: { accountId, name: { startsWith: prefix } } });

describe("importDocuments, one declaration", () => {
  it("is refused outside the plan on every path (FEATURE_NOT_IN_PLAN), storing nothing", async () => {
    const rest = await importRoute.POST(upload("/vapp/documents/import", twoFiles("nope")));
    expect(rest.status).toBe(403);
    expect((await rest.json()).error).toMatchObject({ code: "FEATURE_NOT_IN_PLAN", type: "authorization" });
    // Several files to POST /vapp/documents are an import too.
    const several = await documents.POST(upload("/vapp/documents", twoFiles("nope")));
    expect(several.status).toBe(403);
    expect((await several.json()).error.code).toBe("FEATURE_NOT_IN_PLAN");
    const gql = await importByGraphql("nope");
    expect(gql.errors?.[0].extensions.code).toBe("FEATURE_NOT_IN_PLAN");
    expect(await countNamed("nope")).toBe(0);
  });

  it("imports all files with the plan, over REST and GraphQL alike", async () => {
    await db.account.update({ where: { id: accountId }, data: { capabilities: { push: "import" } } });
    const rest = await importRoute.POST(upload("/vapp/documents/import", twoFiles("rest")));
    expect(rest.status).toBe(200);
    const body = (await rest.json()) as { items: { id: string; name: string; accountId?: string }[] };
    expect(body.items.map((item) => item.name).sort()).toEqual(["rest-1", "rest-2"]);
    const gql = await importByGraphql("gql");
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.importDocuments.map((item) => item.name).sort()).toEqual(["gql-1", "gql-2"]);
    expect(await countNamed("rest")).toBe(2);
    expect(await countNamed("gql")).toBe(2);
  });
});

describe("upsertLink, one declaration", () => {
  it("creates a link without linkId and updates one of the document's links with it, over REST and GraphQL", async () => {
    const created = await documentLinks.PUT(req("PUT", "/x", { name: "Client" }), params({ id: lease.id }));
    expect(created.status).toBe(200);
    const link = (await created.json()) as { id: string; name: string; role: string };
    expect(link).toMatchObject({ name: "Client", role: "reader" });

    const updated = await documentLinks.PUT(req("PUT", "/x", { linkId: link.id, role: "commenter" }), params({ id: lease.id }));
    expect(await updated.json()).toMatchObject({ id: link.id, name: "Client", role: "commenter" });

    const gql = await graphql<{ upsertLink: { id: string; name: string; role: string } }>(
      "mutation ($id: ID!, $linkId: ID, $name: String) { upsertLink(id: $id, linkId: $linkId, name: $name) { id name role } }",
      { accessToken: token, variables: { id: lease.id, linkId: link.id, name: "Client (renamed)" } },
    );
    expect(gql.data?.upsertLink).toEqual({ id: link.id, name: "Client (renamed)", role: "commenter" });
  });

  it("answers NOT_FOUND for a link of another document, on both transports, and changes nothing", async () => {
    const link = await createDocumentLink(ownerCtx, annex.id, { name: "Annex link" });
    const rest = await documentLinks.PUT(req("PUT", "/x", { linkId: link.id, name: "Moved" }), params({ id: lease.id }));
    expect(rest.status).toBe(404);
    const gql = await graphql(`mutation { upsertLink(id: "${lease.id}", linkId: "${link.id}", name: "Moved") { id } }`, {
      accessToken: token,
    });
    expect(gql.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await db.documentLink.findUniqueOrThrow({ where: { id: link.id } })).name).toBe("Annex link");
  });
});

describe("upsertRelation, one declaration", () => {
  it("creates a relation without relationId and retags one leaving the document with it; one leaving another is NOT_FOUND", async () => {
    const created = await documentRelations.PUT(req("PUT", "/x", { toDocumentId: annex.id, tag: "v1" }), params({ id: lease.id }));
    expect(created.status).toBe(200);
    const relation = (await created.json()) as { id: string; tag: string; type: string };
    expect(relation).toMatchObject({ tag: "v1", type: "related", direction: "outgoing" });

    const updated = await documentRelations.PUT(
      req("PUT", "/x", { relationId: relation.id, tag: "v2", type: "annex" }),
      params({ id: lease.id }),
    );
    expect(await updated.json()).toMatchObject({ id: relation.id, tag: "v2", type: "annex" });

    // Seen from the annex, the relation leaves another document (the lease).
    const rest = await documentRelations.PUT(req("PUT", "/x", { relationId: relation.id, tag: "moved" }), params({ id: annex.id }));
    expect(rest.status).toBe(404);
    const gql = await graphql(`mutation { upsertRelation(id: "${annex.id}", relationId: "${relation.id}", tag: "moved") { id } }`, {
      accessToken: token,
    });
    expect(gql.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await db.documentRelation.findUniqueOrThrow({ where: { id: relation.id } })).tag).toBe("v2");
  });
});

describe("createDocument from a template, through its declaration", () => {
  it("refuses more upload-field files than UPLOAD_MAX_FILES over GraphQL as over REST (TOO_MANY_FILES), storing nothing", async () => {
    const setup = await uploadFieldsTemplate("Too many field files");
    const files = { logo: { name: "logo.png", bytes: makePng(4, 4) }, annex: { name: "annex.docx", bytes: makeDocx(["Annex"]) } };
    const saved = process.env.UPLOAD_MAX_FILES;
    process.env.UPLOAD_MAX_FILES = "1";
    try {
      const form = new FormData();
      form.set("data", JSON.stringify({ templateId: setup.template.id, values: { client: "Acme" } }));
      for (const [field, file] of Object.entries(files)) form.append(`field:${field}`, new Blob([file.bytes as BlobPart]), file.name);
      const rest = await fromTemplate.POST(
        new Request("http://localhost:3000/vapp/documents/from-template", {
          method: "POST",
          headers: { authorization: `Bearer ${setup.accessToken}` },
          body: form,
        }),
      );
      expect((await rest.json()).error.code).toBe("TOO_MANY_FILES");

      const gql = await graphqlUpload(
        "mutation ($data: CreateDocumentInput, $fieldFiles: [FieldFileInput!]) { createDocument(data: $data, fieldFiles: $fieldFiles) { id } }",
        {
          accessToken: setup.accessToken,
          variables: {
            data: { templateId: setup.template.id, values: { client: "Acme" } },
            fieldFiles: Object.keys(files).map((name) => ({ name, file: null })),
          },
          files: Object.fromEntries(Object.values(files).map((file, i) => [`fieldFiles.${i}.file`, file])),
        },
      );
      expect(gql.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "TOO_MANY_FILES" });
    } finally {
      if (saved === undefined) delete process.env.UPLOAD_MAX_FILES;
      else process.env.UPLOAD_MAX_FILES = saved;
    }
    expect(await db.document.count({ where: { accountId: setup.account.id } })).toBe(0);
  });
});
