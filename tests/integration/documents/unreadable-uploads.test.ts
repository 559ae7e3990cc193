import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as documents from "@/app/vapp/documents/route";
import * as attachmentsRoute from "@/app/vapp/documents/[id]/attachments/route";
import * as versionsRoute from "@/app/vapp/documents/[id]/versions/route";
import * as fromTemplate from "@/app/vapp/documents/from-template/route";
import * as templates from "@/app/vapp/templates/route";
import * as templateVersion from "@/app/vapp/templates/[id]/version/route";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createTemplate } from "@/lib/templates/templates";
import { graphqlUpload } from "@/tests/factories/graphql";
import { params } from "@/tests/factories/http";
import { uploadFieldsTemplate } from "@/tests/factories/upload-fields-template";
import { brokenDocxs, makeDocx } from "@/tests/fixtures/docx";
import { brokenPdfs, makeTextPdf } from "@/tests/fixtures/pdf";

/** Security issue 13: a PDF or Word file that does not open is refused on every upload path, and nothing is kept. */

const STORAGE = process.env.STORAGE_DIR!;
const pdfs = brokenPdfs();
const docxs = brokenDocxs();
const BROKEN: [string, Uint8Array][] = [
  ["missing-pages.pdf", pdfs.missingPages],
  ["random-body.pdf", pdfs.randomBody],
  ["no-catalog.pdf", pdfs.noCatalog],
  ["no-document-xml.docx", docxs.noDocumentXml],
  ["garbage-xml.docx", docxs.garbageXml],
];

type Setup = Awaited<ReturnType<typeof uploadFieldsTemplate>> & { documentId: string; docxTemplateId: string };
let s: Setup;

beforeAll(async () => {
  const setup = await uploadFieldsTemplate("Unreadable uploads");
  // The import path needs the plan's capability; the request context reads it from the account.
  await db.account.update({ where: { id: setup.account.id }, data: { capabilities: { push: "import" } } });
  const doc = await createDocumentFromUpload(setup.ctx, { name: "Lease" }, { name: "lease.docx", bytes: makeDocx(["The lease."]) });
  const template = await createTemplate(setup.ctx, { name: "NDA" }, { name: "nda.docx", bytes: makeDocx(["NDA with [party]"]) });
  s = { ...setup, documentId: doc.id, docxTemplateId: template.id };
});

afterEach(() => {
  delete process.env.UPLOAD_MAX_PDF_PAGES;
});

const storedFiles = async () =>
  (await readdir(path.join(STORAGE, "accounts", s.account.id), { recursive: true }).catch(() => [] as string[]))
    .filter((name) => /\.\w+$/.test(String(name)))
    .sort();

/** Everything an upload could leave behind in the workspace. */
async function snapshot() {
  const accountId = s.account.id;
  return {
    documents: await db.document.count({ where: { accountId } }),
    versions: await db.documentContent.count({ where: { accountId } }),
    templates: await db.template.count({ where: { accountId } }),
    templateVersions: (
      await db.template.findMany({ where: { accountId }, select: { version: true, fileKey: true }, orderBy: { id: "asc" } })
    ).map((t) => `${t.version}:${t.fileKey}`),
    attachments: await db.documentAttachment.count({ where: { accountId } }),
    files: await storedFiles(),
  };
}

const auth = (language?: string) => ({ authorization: `Bearer ${s.accessToken}`, ...(language ? { "x-language": language } : {}) });

function multipart(url: string, parts: [string, Uint8Array, string][], data?: object, language?: string) {
  const form = new FormData();
  for (const [name, bytes, fileName] of parts) form.append(name, new Blob([bytes as BlobPart]), fileName);
  if (data) form.set("data", JSON.stringify(data));
  return new Request(`http://localhost:3000${url}`, { method: "POST", headers: auth(language), body: form });
}

type ErrorBody = {
  error: {
    code: string;
    type: string;
    message: string;
    details?: { fields?: { path: string; code: string; params?: Record<string, unknown>; message: string }[] };
  };
};

/** Every REST upload route, given one file (the import sends a good file and the bad one: all or none). */
const REST_ROUTES: [string, (name: string, bytes: Uint8Array, language?: string) => Promise<Response>][] = [
  [
    "POST /vapp/documents",
    (name, bytes, language) => documents.POST(multipart("/vapp/documents", [["file", bytes, name]], undefined, language)),
  ],
  [
    "POST /vapp/documents (import)",
    async (name, bytes, language) =>
      documents.POST(
        multipart(
          "/vapp/documents",
          [
            ["file", makeDocx(["Good one"]), "good.docx"],
            ["file", bytes, name],
          ],
          undefined,
          language,
        ),
      ),
  ],
  [
    "POST /vapp/documents/:id/versions",
    (name, bytes, language) =>
      versionsRoute.POST(
        multipart(`/vapp/documents/${s.documentId}/versions`, [["file", bytes, name]], undefined, language),
        params({ id: s.documentId }),
      ),
  ],
  [
    "POST /vapp/documents/:id/attachments",
    (name, bytes, language) =>
      attachmentsRoute.POST(
        multipart(`/vapp/documents/${s.documentId}/attachments`, [["file", bytes, name]], undefined, language),
        params({ id: s.documentId }),
      ),
  ],
  [
    "POST /vapp/templates",
    (name, bytes, language) => templates.POST(multipart("/vapp/templates", [["file", bytes, name]], undefined, language)),
  ],
  [
    "POST /vapp/templates/:id/version",
    (name, bytes, language) =>
      templateVersion.POST(
        multipart(`/vapp/templates/${s.docxTemplateId}/version`, [["file", bytes, name]], undefined, language),
        params({ id: s.docxTemplateId }),
      ),
  ],
];

describe("REST uploads of files that do not open", () => {
  it.each(BROKEN)("refuses %s on every route with FILE_UNREADABLE and keeps nothing", async (name, bytes) => {
    const before = await snapshot();
    for (const [route, call] of REST_ROUTES) {
      const response = await call(name, bytes);
      const body = (await response.json()) as ErrorBody;
      expect({ route, status: response.status, code: body.error?.code }).toEqual({ route, status: 400, code: "FILE_UNREADABLE" });
      expect(body.error.type).toBe("validation");
      expect(body.error.message).toBe(
        `The file cannot be opened: it is damaged, or it is not a readable ${name.endsWith(".pdf") ? "PDF" : "Word (.docx)"} file.`,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers in the caller's language", async () => {
    const spanish = (await (
      await documents.POST(multipart("/vapp/documents", [["file", pdfs.noCatalog, "x.pdf"]], undefined, "es"))
    ).json()) as ErrorBody;
    expect(spanish.error).toMatchObject({
      code: "FILE_UNREADABLE",
      message: "No se puede abrir el archivo: está dañado o no es un archivo PDF legible.",
    });
    const catalan = (await (
      await attachmentsRoute.POST(
        multipart(`/vapp/documents/${s.documentId}/attachments`, [["file", docxs.truncatedXml, "x.docx"]], undefined, "ca"),
        params({ id: s.documentId }),
      )
    ).json()) as ErrorBody;
    expect(catalan.error.message).toBe("No es pot obrir el fitxer: està malmès o no és un fitxer Word (.docx) llegible.");
  });

  it("refuses a PDF past the page limit, saying so, and keeps nothing", async () => {
    process.env.UPLOAD_MAX_PDF_PAGES = "2";
    const threePages = await makeTextPdf([["one"], ["two"], ["three"]]);
    const before = await snapshot();
    const response = await documents.POST(multipart("/vapp/documents", [["file", threePages, "long.pdf"]], undefined, "pt-BR"));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: "FILE_UNREADABLE",
      message: "O PDF tem mais de 2 páginas, o máximo aceito.",
    });
    expect(await snapshot()).toEqual(before);
    // Within the limit the same kind of file is taken.
    expect(
      (await documents.POST(multipart("/vapp/documents", [["file", await makeTextPdf([["one"], ["two"]]), "short.pdf"]]))).status,
    ).toBe(200);
  });

  it("reports a broken file of an upload field as that field's problem, translated, and keeps nothing", async () => {
    const before = await snapshot();
    const response = await fromTemplate.POST(
      multipart(
        "/vapp/documents/from-template",
        [
          ["field:annex", pdfs.missingPages, "annex.pdf"],
          ["field:plan", docxs.noDocumentXml, "plan.docx"],
        ],
        { templateId: s.template.id, values: { client: "Acme" } },
        "es",
      ),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("VALIDATION_FAILED");
    const fields = error.details!.fields!.filter((f) => f.code === "fileUnreadable");
    expect(fields.map((f) => [f.path, f.message])).toEqual([
      ["annex", "No se puede abrir el archivo: está dañado o no es un archivo PDF legible."],
      ["plan", "No se puede abrir el archivo: está dañado o no es un archivo Word (.docx) legible."],
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

type GraphqlResult = Awaited<ReturnType<typeof graphqlUpload>>;

/** Every GraphQL mutation that takes an uploaded file. */
const GRAPHQL_MUTATIONS: [string, (name: string, bytes: Uint8Array, language?: string) => Promise<GraphqlResult>][] = [
  [
    "createDocument(file)",
    (name, bytes, language) =>
      graphqlUpload("mutation ($file: File) { createDocument(file: $file) { id } }", {
        accessToken: s.accessToken,
        headers: auth(language),
        variables: { file: null },
        files: { file: { name, bytes } },
      }),
  ],
  [
    "importDocuments(files)",
    (name, bytes, language) =>
      graphqlUpload("mutation ($files: [File!]!) { importDocuments(files: $files) { id } }", {
        accessToken: s.accessToken,
        headers: auth(language),
        variables: { files: [null, null] },
        files: { "files.0": { name: "good.docx", bytes: makeDocx(["Good one"]) }, "files.1": { name, bytes } },
      }),
  ],
  [
    "updateDocumentVersion",
    (name, bytes, language) =>
      graphqlUpload("mutation ($id: ID!, $file: File!) { updateDocumentVersion(id: $id, file: $file) { id } }", {
        accessToken: s.accessToken,
        headers: auth(language),
        variables: { id: s.documentId, file: null },
        files: { file: { name, bytes } },
      }),
  ],
  [
    "createAttachment",
    (name, bytes, language) =>
      graphqlUpload("mutation ($documentId: ID!, $file: File!) { createAttachment(id: $documentId, file: $file) { id } }", {
        accessToken: s.accessToken,
        headers: auth(language),
        variables: { documentId: s.documentId, file: null },
        files: { file: { name, bytes } },
      }),
  ],
  [
    "createTemplate",
    (name, bytes, language) =>
      graphqlUpload("mutation ($file: File!) { createTemplate(file: $file) { id } }", {
        accessToken: s.accessToken,
        headers: auth(language),
        variables: { file: null },
        files: { file: { name, bytes } },
      }),
  ],
  [
    "updateTemplateVersion",
    (name, bytes, language) =>
      graphqlUpload("mutation ($id: ID!, $file: File!) { updateTemplateVersion(id: $id, file: $file) { id } }", {
        accessToken: s.accessToken,
        headers: auth(language),
        variables: { id: s.docxTemplateId, file: null },
        files: { file: { name, bytes } },
      }),
  ],
];

describe("GraphQL uploads of files that do not open", () => {
  it.each(BROKEN)("refuses %s in every upload mutation with FILE_UNREADABLE and keeps nothing", async (name, bytes) => {
    const before = await snapshot();
    for (const [mutation, call] of GRAPHQL_MUTATIONS) {
      const result = await call(name, bytes);
      const extensions = result.errors?.[0]?.extensions;
      expect({ mutation, status: result.status, code: extensions?.code, reason: extensions?.reason }).toEqual({
        mutation,
        status: 200,
        code: "BAD_USER_INPUT",
        reason: "FILE_UNREADABLE",
      });
      expect(result.errors![0].extensions.type).toBe("validation");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers in the caller's language", async () => {
    const result = await GRAPHQL_MUTATIONS[0][1]("x.pdf", pdfs.randomBody, "pt");
    expect(result.errors?.[0]).toMatchObject({
      message: "Não é possível abrir o ficheiro: está danificado ou não é um ficheiro PDF legível.",
      extensions: {
        code: "BAD_USER_INPUT",
        reason: "FILE_UNREADABLE",
        message: "Não é possível abrir o ficheiro: está danificado ou não é um ficheiro PDF legível.",
      },
    });
  });

  it("reports a broken file of an upload field (fieldFiles) as that field's problem", async () => {
    const before = await snapshot();
    const result = await graphqlUpload(
      `mutation ($data: CreateDocumentInput, $fieldFiles: [FieldFileInput!]) { createDocument(data: $data, fieldFiles: $fieldFiles) { id } }`,
      {
        accessToken: s.accessToken,
        variables: { data: { templateId: s.template.id, values: { client: "Acme" } }, fieldFiles: [{ name: "annex", file: null }] },
        files: { "fieldFiles.0.file": { name: "annex.pdf", bytes: pdfs.noCatalog } },
      },
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    const fields = (result.errors![0].extensions.details?.fields ?? []) as { path: string; code: string }[];
    expect(fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: "annex", code: "fileUnreadable" })]));
    expect(await snapshot()).toEqual(before);
  });
});
