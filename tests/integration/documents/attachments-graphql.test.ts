import PizZip from "pizzip";
import { beforeAll, describe, expect, it } from "vitest";
import * as attachmentRoute from "@/app/vapp/documents/[id]/attachments/[attachmentId]/route";
import { db } from "@/lib/db";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { findDocumentAttachments } from "@/lib/documents/find-document-attachments";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { readDocx } from "@/lib/files/docx";
import { graphql, graphqlUpload } from "@/tests/factories/graphql";
import { params } from "@/tests/factories/http";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";
import { uploadFieldsTemplate } from "@/tests/factories/upload-fields-template";
import { makeTextPdf } from "@/tests/fixtures/pdf";

type AttachmentFields = {
  id: string;
  documentId: string;
  variable: string | null;
  name: string;
  mimetype: string;
  size: number;
  createdAt: string;
  path: string;
  author: { id: string; name: string } | null;
};
const ATTACHMENT = "id documentId variable name mimetype size createdAt path author { id name }";
const CREATE = `mutation ($data: CreateDocumentInput, $file: File, $fromDocument: ID, $fieldFiles: [FieldFileInput!]) {
  createDocument(data: $data, file: $file, fromDocument: $fromDocument, fieldFiles: $fieldFiles) { id name attachments { ${ATTACHMENT} } }
}`;
const LIST = `query ($documentId: ID!) { attachments(id: $documentId) { ${ATTACHMENT} } }`;
const ADD = `mutation ($documentId: ID!, $file: File!) { createAttachment(id: $documentId, file: $file) { ${ATTACHMENT} } }`;
const REMOVE = "mutation ($documentId: ID!, $id: ID!) { deleteAttachment(id: $documentId, attachmentId: $id) }";

const bytesOf = async (file: { stream: ReadableStream<Uint8Array> }) => new Uint8Array(await new Response(file.stream).arrayBuffer());
const byName = (list: AttachmentFields[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

const LOGO = makePng(640, 160);
let ANNEX: Uint8Array;

type Setup = Awaited<ReturnType<typeof uploadFieldsTemplate>>;
let a: Setup;

/** createDocument from the template with these files for its fields. */
const createWithFiles = (
  client: string,
  files: Record<string, { name: string; bytes: Uint8Array }>,
  extra: Record<string, unknown> = {},
  setup = a,
) => {
  const fields = Object.entries(files);
  return graphqlUpload<{ createDocument: { id: string; name: string; attachments: AttachmentFields[] } }>(CREATE, {
    accessToken: setup.accessToken,
    variables: {
      data: { templateId: setup.template.id, values: { client } },
      fieldFiles: fields.map(([field]) => ({ name: field, file: null })),
      ...extra,
    },
    files: Object.fromEntries(fields.map(([, file], i) => [`fieldFiles.${i}.file`, file])),
  });
};

beforeAll(async () => {
  ANNEX = await makeTextPdf([["Annex one: the site plan."]]);
  a = await uploadFieldsTemplate("Attachments GraphQL");
});

describe("upload fields through createDocument(fieldFiles)", () => {
  it("puts the picture of an image field in the DOCX and keeps an attachment field's file, both listed with their URLs", async () => {
    const created = await createWithFiles("Acme", {
      logo: { name: "acme-logo.png", bytes: LOGO },
      annex: { name: "site plan.pdf", bytes: ANNEX },
    });
    expect(created.errors).toBeUndefined();
    const doc = created.data!.createDocument;
    expect(doc.name).toBe("Offer Acme");

    const filled = await bytesOf(await getDocumentFile(a.ctx, doc.id));
    const zip = new PizZip(filled);
    const media = Object.keys(zip.files).filter((name) => name.startsWith("word/media/"));
    expect(media).toHaveLength(1);
    expect(zip.file(media[0])!.asUint8Array()).toEqual(LOGO);
    expect(readDocx(filled).text).toContain("Annex: site plan.pdf");

    const author = { id: a.owner.id, name: expect.any(String) };
    const expected = [
      { documentId: doc.id, variable: "logo", name: "acme-logo.png", mimetype: "image/png", size: LOGO.byteLength, author },
      { documentId: doc.id, variable: "annex", name: "site plan.pdf", mimetype: "application/pdf", size: ANNEX.byteLength, author },
    ];
    // Files of one creation share its time: compared by name, not by their order.
    expect(byName(doc.attachments)).toMatchObject(expected);

    const listed = await graphql<{ attachments: AttachmentFields[] }>(LIST, {
      accessToken: a.accessToken,
      variables: { documentId: doc.id },
    });
    expect(listed.errors).toBeUndefined();
    expect(byName(listed.data!.attachments)).toMatchObject(expected);
    for (const attachment of listed.data!.attachments) {
      expect(attachment.path).toBe(`/vapp/documents/${doc.id}/attachments/${attachment.id}`);
      expect(Number.isNaN(Date.parse(attachment.createdAt))).toBe(false);
    }
    expect(JSON.stringify(listed.data)).not.toContain("accounts/");

    // The URL is real: the REST download answers that file.
    const annex = listed.data!.attachments.find((x) => x.variable === "annex")!;
    const response = await attachmentRoute.GET(
      new Request(`http://localhost:3000${annex.path}`, { headers: { authorization: `Bearer ${a.accessToken}` } }),
      params({ id: doc.id, attachmentId: annex.id }),
    );
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(ANNEX);

    // Document.attachments answers for one document too.
    const one = await graphql<{ document: { attachments: { variable: string | null }[] } }>(
      "query ($id: ID!) { document(id: $id) { attachments { variable } } }",
      { accessToken: a.accessToken, variables: { id: doc.id } },
    );
    expect(one.data!.document.attachments.map((x) => x.variable).sort()).toEqual(["annex", "logo"]);
  });

  it("a file of the wrong type for an image field is VALIDATION_FAILED with the field's problem, and nothing is made", async () => {
    const before = await db.document.count({ where: { accountId: a.account.id } });
    const refused = await createWithFiles("Acme", { logo: { name: "logo.png", bytes: ANNEX } });
    expect(refused.data).toBeNull();
    const [error] = refused.errors!;
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED", type: "validation" });
    expect(error.extensions.details?.fields).toEqual([
      expect.objectContaining({ path: "logo", code: "imageType", message: expect.any(String) }),
    ]);
    expect(await db.document.count({ where: { accountId: a.account.id } })).toBe(before);
  });

  it("fieldFiles go with a template only: beside a file or fromDocument they are VALIDATION_FAILED", async () => {
    const source = await createDocumentFromTemplate(a.ctx, { templateId: a.template.id, values: { client: "Source" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const before = await db.document.count({ where: { accountId: a.account.id } });
    const withFile = await graphqlUpload(CREATE, {
      accessToken: a.accessToken,
      variables: { file: null, fieldFiles: [{ name: "logo", file: null }] },
      files: { file: { name: "contract.docx", bytes: makeDocx(["A contract"]) }, "fieldFiles.0.file": { name: "logo.png", bytes: LOGO } },
    });
    expect(withFile.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    const withCopy = await graphqlUpload(CREATE, {
      accessToken: a.accessToken,
      variables: { fromDocument: source.id, fieldFiles: [{ name: "logo", file: null }] },
      files: { "fieldFiles.0.file": { name: "logo.png", bytes: LOGO } },
    });
    expect(withCopy.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect(await db.document.count({ where: { accountId: a.account.id } })).toBe(before);
  });
});

describe("createAttachment and deleteAttachment", () => {
  it("an owner adds an annex and removes it; the file of a field stays", async () => {
    const doc = await createDocumentFromTemplate(a.ctx, { templateId: a.template.id, values: { client: "Globex" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const added = await graphqlUpload<{ createAttachment: AttachmentFields }>(ADD, {
      accessToken: a.accessToken,
      variables: { documentId: doc.id, file: null },
      files: { file: { name: "terms.pdf", bytes: ANNEX } },
    });
    expect(added.errors).toBeUndefined();
    const annex = added.data!.createAttachment;
    expect(annex).toMatchObject({
      documentId: doc.id,
      variable: null,
      name: "terms.pdf",
      mimetype: "application/pdf",
      size: ANNEX.byteLength,
      author: { id: a.owner.id },
    });
    expect(annex.path).toBe(`/vapp/documents/${doc.id}/attachments/${annex.id}`);

    const listed = await graphql<{ attachments: AttachmentFields[] }>(LIST, {
      accessToken: a.accessToken,
      variables: { documentId: doc.id },
    });
    expect(listed.data!.attachments.map((x) => [x.variable, x.name])).toEqual([
      ["logo", "logo.png"],
      [null, "terms.pdf"],
    ]);

    const logo = listed.data!.attachments.find((x) => x.variable === "logo")!;
    const kept = await graphql(REMOVE, { accessToken: a.accessToken, variables: { documentId: doc.id, id: logo.id } });
    expect(kept.errors?.[0].extensions.code).toBe("ATTACHMENT_FILLS_FIELD");

    const removed = await graphql<{ deleteAttachment: string }>(REMOVE, {
      accessToken: a.accessToken,
      variables: { documentId: doc.id, id: annex.id },
    });
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.deleteAttachment).toBe(annex.id);
    expect((await findDocumentAttachments(a.ctx, doc.id)).map((x) => x.name)).toEqual(["logo.png"]);
  });

  it("a file that is no PDF, Word or image is refused", async () => {
    const doc = await createDocumentFromTemplate(a.ctx, { templateId: a.template.id, values: { client: "Initech" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const refused = await graphqlUpload(ADD, {
      accessToken: a.accessToken,
      variables: { documentId: doc.id, file: null },
      files: { file: { name: "run.pdf", bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0x00]) } },
    });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "FILE_TYPE_NOT_ALLOWED" });
  });
});

describe("another workspace", () => {
  it("gets NOT_FOUND for attachments, createAttachment and deleteAttachment, and changes nothing", async () => {
    const doc = await createDocumentFromTemplate(a.ctx, { templateId: a.template.id, values: { client: "Umbrella" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const [logo] = await findDocumentAttachments(a.ctx, doc.id);
    const annex = await graphqlUpload<{ createAttachment: AttachmentFields }>(ADD, {
      accessToken: a.accessToken,
      variables: { documentId: doc.id, file: null },
      files: { file: { name: "annex.pdf", bytes: ANNEX } },
    });
    const annexId = annex.data!.createAttachment.id;

    const b = await uploadFieldsTemplate("Attachments GraphQL other");
    const accessToken = b.accessToken;
    const listed = await graphql(LIST, { accessToken, variables: { documentId: doc.id } });
    expect(listed.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(JSON.stringify(listed.data ?? {})).not.toContain("logo.png");
    const added = await graphqlUpload(ADD, {
      accessToken,
      variables: { documentId: doc.id, file: null },
      files: { file: { name: "planted.pdf", bytes: ANNEX } },
    });
    expect(added.errors?.[0].extensions.code).toBe("NOT_FOUND");
    for (const id of [annexId, logo.id]) {
      const removed = await graphql(REMOVE, { accessToken, variables: { documentId: doc.id, id } });
      expect(removed.errors?.[0].extensions.code).toBe("NOT_FOUND");
    }
    // Nor through a document of their own: an attachment belongs to one document.
    const theirs = await createDocumentFromTemplate(b.ctx, { templateId: b.template.id, values: { client: "Theirs" }, fields: {} }, [
      { field: "logo", name: "theirs.png", bytes: LOGO },
    ]);
    const viaOwn = await graphql(REMOVE, { accessToken, variables: { documentId: theirs.id, id: annexId } });
    expect(viaOwn.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const document = await graphql(`{ document(id: "${doc.id}") { attachments { id name } } }`, { accessToken });
    expect(document.errors?.[0].extensions.code).toBe("NOT_FOUND");

    expect((await findDocumentAttachments(a.ctx, doc.id)).map((x) => x.name).sort()).toEqual(["annex.pdf", "logo.png"]);
    expect(await db.documentAttachment.count({ where: { name: "planted.pdf" } })).toBe(0);
  });
});
