import PizZip from "pizzip";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as documents from "@/app/vapp/documents/route";
import * as documentRoute from "@/app/vapp/documents/[id]/route";
import * as documentFile from "@/app/vapp/documents/[id]/file/route";
import * as documentStatus from "@/app/vapp/documents/[id]/status/route";
import * as documentVersions from "@/app/vapp/documents/[id]/versions/route";
import * as documentClone from "@/app/vapp/documents/[id]/clone/route";
import * as documentLock from "@/app/vapp/documents/[id]/lock/route";
import * as fromTemplate from "@/app/vapp/documents/from-template/route";
import * as exportRoute from "@/app/vapp/documents/export/route";
import * as templates from "@/app/vapp/templates/route";
import * as templateRoute from "@/app/vapp/templates/[id]/route";
import * as templateFile from "@/app/vapp/templates/[id]/file/route";
import * as templatePublish from "@/app/vapp/templates/[id]/publish/route";
import * as templateClone from "@/app/vapp/templates/[id]/clone/route";
import * as templateVersion from "@/app/vapp/templates/[id]/version/route";
import * as folders from "@/app/vapp/folders/route";
import * as folderRoute from "@/app/vapp/folders/[id]/route";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createFolder } from "@/lib/folders/folders";
import { createTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

let a: { token: string };
let b: { accountId: string; documentId: string; templateId: string; folderId: string };

beforeAll(async () => {
  const accountA = await createAccount("DocRestA");
  const accountB = await createAccount("DocRestB");
  a = { token: (await signedInAs(accountA.owner.id, accountA.account.id)).accessToken };
  const { ctx: ctxB } = await signedInAs(accountB.owner.id, accountB.account.id);
  const doc = await createDocumentFromUpload(ctxB, { name: "B secret" }, { name: "b.docx", bytes: makeDocx(["Bsecret"]) });
  const template = await createTemplate(ctxB, { name: "B template" }, { name: "b.docx", bytes: makeDocx(["[b field]"]) });
  const folder = await createFolder(ctxB, { name: "B folder", group: "document", parentId: null });
  b = { accountId: accountB.account.id, documentId: doc.id, templateId: template.id, folderId: folder.id };
});

const auth = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${a.token}`, ...extra });
const req = (method: string, path: string, body?: unknown, headers = auth()) => jsonRequest(method, path, { body, headers, csrf: false });

/** A multipart upload as the browser sends it: `file` parts and an optional `data` JSON part. */
function upload(path: string, files: { name: string; bytes: Uint8Array }[], data?: object) {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([file.bytes as BlobPart]), file.name);
  if (data) form.set("data", JSON.stringify(data));
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers: auth(), body: form });
}

describe("document and template REST routes", () => {
  const cases: { name: string; call: () => Promise<Response> }[] = [
    { name: "GET /vapp/documents/:B", call: () => documentRoute.GET(req("GET", "/x"), params({ id: b.documentId })) },
    { name: "PUT /vapp/documents/:B", call: () => documentRoute.PUT(req("PUT", "/x", { name: "Mine" }), params({ id: b.documentId })) },
    { name: "DELETE /vapp/documents/:B", call: () => documentRoute.DELETE(req("DELETE", "/x"), params({ id: b.documentId })) },
    { name: "DELETE /vapp/documents (bulk)", call: () => documents.DELETE(req("DELETE", "/x", { ids: [b.documentId] })) },
    { name: "GET /vapp/documents/:B/file", call: () => documentFile.GET(req("GET", "/x"), params({ id: b.documentId })) },
    {
      name: "POST /vapp/documents/:B/status",
      call: () => documentStatus.POST(req("POST", "/x", { newStatus: "drafting" }), params({ id: b.documentId })),
    },
    { name: "GET /vapp/documents/:B/versions", call: () => documentVersions.GET(req("GET", "/x"), params({ id: b.documentId })) },
    {
      name: "POST /vapp/documents/:B/versions",
      call: () => documentVersions.POST(upload("/x", [{ name: "v.docx", bytes: makeDocx(["v2"]) }]), params({ id: b.documentId })),
    },
    { name: "POST /vapp/documents/:B/lock", call: () => documentLock.POST(req("POST", "/x"), params({ id: b.documentId })) },
    { name: "DELETE /vapp/documents/:B/lock", call: () => documentLock.DELETE(req("DELETE", "/x"), params({ id: b.documentId })) },
    { name: "POST /vapp/documents/:B/clone", call: () => documentClone.POST(req("POST", "/x"), params({ id: b.documentId })) },
    {
      name: "POST /vapp/documents/from-template B",
      call: () => fromTemplate.POST(req("POST", "/x", { templateId: b.templateId, values: {} })),
    },
    {
      name: "POST /vapp/documents into B's folder",
      call: () => documents.POST(upload("/x", [{ name: "a.docx", bytes: makeDocx(["a"]) }], { folderId: b.folderId })),
    },
    { name: "GET /vapp/templates/:B", call: () => templateRoute.GET(req("GET", "/x"), params({ id: b.templateId })) },
    { name: "PUT /vapp/templates/:B", call: () => templateRoute.PUT(req("PUT", "/x", { name: "Mine" }), params({ id: b.templateId })) },
    { name: "DELETE /vapp/templates/:B", call: () => templateRoute.DELETE(req("DELETE", "/x"), params({ id: b.templateId })) },
    { name: "DELETE /vapp/templates (bulk)", call: () => templates.DELETE(req("DELETE", "/x", { ids: [b.templateId] })) },
    { name: "GET /vapp/templates/:B/file", call: () => templateFile.GET(req("GET", "/x"), params({ id: b.templateId })) },
    {
      name: "POST /vapp/templates/:B/publish",
      call: () => templatePublish.POST(req("POST", "/x", { published: true }), params({ id: b.templateId })),
    },
    { name: "POST /vapp/templates/:B/clone", call: () => templateClone.POST(req("POST", "/x"), params({ id: b.templateId })) },
    {
      name: "POST /vapp/templates/:B/version",
      call: () => templateVersion.POST(upload("/x", [{ name: "t.docx", bytes: makeDocx(["[x]"]) }]), params({ id: b.templateId })),
    },
    { name: "PUT /vapp/folders/:B", call: () => folderRoute.PUT(req("PUT", "/x", { name: "Mine" }), params({ id: b.folderId })) },
    { name: "DELETE /vapp/folders/:B", call: () => folderRoute.DELETE(req("DELETE", "/x"), params({ id: b.folderId })) },
    {
      name: "POST /vapp/folders under B's folder",
      call: () => folders.POST(req("POST", "/x", { name: "Sub", group: "document", parentId: b.folderId })),
    },
  ];

  it.each(cases)("$name: another account's rows are not found and stay unchanged", async ({ call }) => {
    const response = await call();
    expect([403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain("B secret");
    expect(await db.document.findUniqueOrThrow({ where: { id: b.documentId } })).toMatchObject({ name: "B secret", status: "initial" });
    expect(await db.template.findUniqueOrThrow({ where: { id: b.templateId } })).toMatchObject({ name: "B template", published: false });
    expect(await db.folder.findUniqueOrThrow({ where: { id: b.folderId } })).toMatchObject({ name: "B folder" });
    expect(await db.documentContent.count({ where: { documentId: b.documentId } })).toBe(1);
  });

  it("in A's own workspace: upload a template, publish, generate, download, export, and refuse bad files clearly", async () => {
    const created = await templates.POST(upload("/vapp/templates", [{ name: "Offer [name].docx", bytes: makeDocx(["Dear [name],"]) }]));
    expect(created.status).toBe(200);
    const template = await created.json();
    expect(template.variables).toEqual([expect.objectContaining({ name: "name", type: "text" })]);
    expect((await templatePublish.POST(req("POST", "/x", { published: true }), params({ id: template.id }))).status).toBe(200);
    const made = await (await fromTemplate.POST(req("POST", "/x", { templateId: template.id, values: { name: "Ana" } }))).json();
    expect(made.name).toBe("Offer Ana");
    const file = await documentFile.GET(req("GET", "/x"), params({ id: made.id }));
    expect(file.headers.get("content-disposition")).toContain('attachment; filename="Offer Ana.docx"');
    const text = new PizZip(new Uint8Array(await file.arrayBuffer())).file("word/document.xml")!.asText();
    expect(text).toContain("Dear Ana,");
    const csv = await (await exportRoute.GET(req("GET", "/vapp/documents/export?q=Ana"))).text();
    expect(csv.split("\r\n")[1]).toContain('"Offer Ana"');

    const refused = await templates.POST(
      upload("/vapp/templates", [{ name: "x.docx", bytes: new TextEncoder().encode("MZ not really a docx") }]),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED", message: "This file type is not allowed." });
    const spanish = await templates.POST(
      new Request("http://localhost:3000/vapp/templates", {
        method: "POST",
        headers: auth({ "x-language": "es" }),
        body: (() => {
          const f = new FormData();
          f.append("file", new Blob([makeDocx(["[a] {b}"]) as BlobPart]), "m.docx");
          return f;
        })(),
      }),
    );
    expect((await spanish.json()).error.message).toBe(
      "La plantilla mezcla formatos de variables ({x}, [x]): usa un solo formato para todos los campos.",
    );
    const none = await templates.POST(upload("/vapp/templates", []));
    expect((await none.json()).error.message).toBe("Required parameter file was null or undefined when calling createTemplate");
  });

  it("folders: the tree is rooted at Drive and a folder cannot move into itself", async () => {
    const parent = await (await folders.POST(req("POST", "/x", { name: "Leases", group: "document" }))).json();
    const child = await (await folders.POST(req("POST", "/x", { name: "2026", group: "document", parentId: parent.id }))).json();
    const tree = await (await folders.GET(req("GET", "/vapp/folders?group=document"))).json();
    expect(tree).toMatchObject({ key: "root", label: "Drive", children: [{ key: parent.id, children: [{ key: child.id }] }] });
    const loop = await folderRoute.PUT(req("PUT", "/x", { parentId: child.id }), params({ id: parent.id }));
    expect(loop.status).toBe(400);
  });
});
