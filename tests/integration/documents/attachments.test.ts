import { readdir } from "node:fs/promises";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import PizZip from "pizzip";
import { beforeAll, describe, expect, it } from "vitest";
import * as fromTemplate from "@/app/vapp/documents/from-template/route";
import * as attachmentsRoute from "@/app/vapp/documents/[id]/attachments/route";
import * as attachmentRoute from "@/app/vapp/documents/[id]/attachments/[attachmentId]/route";
import { db } from "@/lib/db";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { deleteDocumentAttachment } from "@/lib/documents/delete-document-attachment";
import { findDocumentAttachments } from "@/lib/documents/find-document-attachments";
import { getDocumentAttachmentFile } from "@/lib/documents/get-document-attachment-file";
import { cloneDocument } from "@/lib/documents/clone-document";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { deleteDocuments } from "@/lib/documents/delete-documents";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { lockDocument } from "@/lib/documents/lock-document";
import { isAppError, type AppError } from "@/lib/errors/app-error";
import { readDocx } from "@/lib/files/docx";
import { createTemplate, publishUnpublishTemplate } from "@/lib/templates/templates";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { params } from "@/tests/factories/http";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";
import { uploadFieldsTemplate } from "@/tests/factories/upload-fields-template";
import { makeTextPdf } from "@/tests/fixtures/pdf";
import { anonymousContext } from "@/lib/auth/context";
import { createDocumentLink } from "@/lib/links/document-links";
import { getLinkedAttachmentFile, getLinkedDocument } from "@/lib/links/linked-document";
import { validateDocumentLink } from "@/lib/links/validate-document-link";

const STORAGE = process.env.STORAGE_DIR!;
const bytesOf = async (file: { stream: ReadableStream<Uint8Array> }) => new Uint8Array(await new Response(file.stream).arrayBuffer());
const caught = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (isAppError(error) ? error : Promise.reject(error)),
  ) as Promise<AppError | null>;
const storedFiles = async (accountId: string) =>
  (await readdir(path.join(STORAGE, "accounts", accountId), { recursive: true }).catch(() => [] as string[])).filter((name) =>
    /\.\w+$/.test(String(name)),
  );

const LOGO = makePng(800, 200);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
let ANNEX: Uint8Array;

beforeAll(async () => {
  ANNEX = await makeTextPdf([["Annex one: the site plan."]]);
});

describe("upload fields of a template", () => {
  it("puts the picture in the document, keeps each file with it and writes the names of the others", async () => {
    const { ctx, template } = await uploadFieldsTemplate();
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme" }, fields: {} }, [
      { field: "logo", name: "acme-logo.png", bytes: LOGO },
      { field: "annex", name: "site plan.pdf", bytes: ANNEX },
    ]);
    const filled = await bytesOf(await getDocumentFile(ctx, doc.id));
    expect(readDocx(filled).text).toBe("Offer for Acme\n\nAnnex: site plan.pdf\nPlan:");
    const zip = new PizZip(filled);
    const media = Object.keys(zip.files).filter((name) => name.startsWith("word/media/"));
    expect(media).toHaveLength(1);
    expect(zip.file(media[0])!.asUint8Array()).toEqual(LOGO);
    expect(zip.file("word/document.xml")!.asText()).toContain("<w:drawing>");

    expect((doc.variables as { values: Record<string, unknown> }).values).toMatchObject({
      logo: { name: "acme-logo.png", mimetype: "image/png", size: LOGO.byteLength },
      annex: { name: "site plan.pdf", mimetype: "application/pdf", size: ANNEX.byteLength },
      plan: null,
    });
    const attachments = await findDocumentAttachments(ctx, doc.id);
    expect(attachments.map((a) => [a.variable, a.name, a.mimetype])).toEqual([
      ["logo", "acme-logo.png", "image/png"],
      ["annex", "site plan.pdf", "application/pdf"],
    ]);
    expect(attachments[0]).not.toHaveProperty("path");
    const annex = await getDocumentAttachmentFile(ctx, doc.id, attachments[1].id);
    expect(annex.fileName).toBe("site plan.pdf");
    expect(await bytesOf(annex)).toEqual(ANNEX);
    const audit = await db.audit.findFirst({ where: { targetId: doc.id, eventType: "document.created" } });
    expect(audit?.payload).toMatchObject({ attachments: ["acme-logo.png", "site plan.pdf"] });
    expect(await db.audit.count({ where: { targetId: doc.id, eventType: "document.attachmentDownloaded" } })).toBe(1);
  });

  it("reports every broken field at once, files by their content, and stores nothing", async () => {
    const { ctx, account, template } = await uploadFieldsTemplate();
    const before = await storedFiles(account.id);
    const error = await caught(
      createDocumentFromTemplate(ctx, { templateId: template.id, values: {}, fields: {} }, [
        { field: "logo", name: "logo.png", bytes: ANNEX },
        { field: "annex", name: "annex.pdf", bytes: EXE },
        { field: "plan", name: "empty.pdf", bytes: new Uint8Array() },
      ]),
    );
    expect(error?.code).toBe("VALIDATION_FAILED");
    const fields = (error!.details.fields as { path: string; code: string }[]).map((f) => [f.path, f.code]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ["logo", "imageType"],
        ["annex", "fileType"],
        ["plan", "fileCorrupt"],
        ["client", "required"],
      ]),
    );
    expect(await db.document.count({ where: { accountId: account.id } })).toBe(0);
    expect(await db.documentAttachment.count({ where: { accountId: account.id } })).toBe(0);
    expect(await storedFiles(account.id)).toEqual(before);
  });

  it("asks for a required picture, and never takes the client's word for a file", async () => {
    const { ctx, template } = await uploadFieldsTemplate();
    const forged = { name: "forged.png", mimetype: "image/png", size: 10 };
    const error = await caught(
      createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme", logo: forged }, fields: {} }),
    );
    expect((error!.details.fields as { path: string; code: string }[]).map((f) => [f.path, f.code])).toEqual([["logo", "required"]]);
  });

  it("refuses a file for a field that is not a file field, or two for one", async () => {
    const { ctx, template } = await uploadFieldsTemplate();
    for (const uploads of [
      [{ field: "client", name: "x.png", bytes: LOGO }],
      [{ field: "nope", name: "x.png", bytes: LOGO }],
      [
        { field: "logo", name: "a.png", bytes: LOGO },
        { field: "logo", name: "b.png", bytes: LOGO },
      ],
    ]) {
      expect(
        (await caught(createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme" }, fields: {} }, uploads)))?.code,
      ).toBe("VALIDATION_FAILED");
    }
  });

  it("fills a PDF form's button field with the picture", async () => {
    const { ctx } = await uploadFieldsTemplate();
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    pdf.getForm().createTextField("client").addToPage(page, { x: 50, y: 760, width: 300, height: 24 });
    pdf.getForm().createButton("photo").addToPage("", page, { x: 50, y: 600, width: 120, height: 120 });
    const template = await createTemplate(ctx, { name: "Badge" }, { name: "badge.pdf", bytes: await pdf.save() });
    expect((template.variables as { name: string; type: string; required: boolean }[]).find((v) => v.name === "photo")).toMatchObject({
      type: "image",
      required: false,
    });
    await publishUnpublishTemplate(ctx, template.id, true);
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Ada" }, fields: {} }, [
      { field: "photo", name: "ada.png", bytes: makePng(60, 60) },
    ]);
    const filled = await PDFDocument.load(await bytesOf(await getDocumentFile(ctx, doc.id)));
    expect(filled.getForm().getTextField("client").getText()).toBe("Ada");
    const images = filled.context
      .enumerateIndirectObjects()
      .filter(([, object]) => String(object.toString?.() ?? "").includes("/Subtype /Image"));
    expect(images.length).toBeGreaterThan(0);
  });
});

describe("a document's attachments", () => {
  it("editors attach and remove annexes, readers only read, and a field's file stays", async () => {
    const { ctx, account, template } = await uploadFieldsTemplate();
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const reader = await addMember(account.id, "Member");
    await upsertDocumentPolicy(ctx, doc.id, { userId: reader.id, role: "reader" });
    const readerCtx = (await signedInAs(reader.id, account.id)).ctx;

    const terms = makeDocx(["General terms"]);
    const annex = await addDocumentAttachment(ctx, doc.id, { name: "terms.docx", bytes: terms });
    expect(annex).toMatchObject({ name: "terms.docx", variable: null, mimetype: expect.stringContaining("wordprocessingml") });
    expect((await findDocumentAttachments(readerCtx, doc.id)).map((a) => a.name)).toEqual(["logo.png", "terms.docx"]);
    expect(await bytesOf(await getDocumentAttachmentFile(readerCtx, doc.id, annex.id))).toEqual(terms);
    expect((await caught(addDocumentAttachment(readerCtx, doc.id, { name: "x.pdf", bytes: ANNEX })))?.code).toBe("FORBIDDEN");
    expect((await caught(deleteDocumentAttachment(readerCtx, doc.id, annex.id)))?.code).toBe("FORBIDDEN");

    const logo = (await findDocumentAttachments(ctx, doc.id)).find((a) => a.variable === "logo")!;
    expect((await caught(deleteDocumentAttachment(ctx, doc.id, logo.id)))?.code).toBe("ATTACHMENT_FILLS_FIELD");
    expect((await caught(addDocumentAttachment(ctx, doc.id, { name: "run.pdf", bytes: EXE })))?.code).toBe("FILE_TYPE_NOT_ALLOWED");

    const filesBefore = await storedFiles(account.id);
    await deleteDocumentAttachment(ctx, doc.id, annex.id);
    expect((await findDocumentAttachments(ctx, doc.id)).map((a) => a.name)).toEqual(["logo.png"]);
    expect(await storedFiles(account.id)).toHaveLength(filesBefore.length - 1);
    const events = await db.audit.findMany({
      where: { targetId: doc.id, eventType: { startsWith: "document.attachment" } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.eventType)).toEqual([
      "document.attachmentAdded",
      "document.attachmentDownloaded",
      "document.attachmentRemoved",
    ]);
  });

  it("waits while someone else edits the document", async () => {
    const { ctx, account, template } = await uploadFieldsTemplate();
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const editor = await addMember(account.id, "Member");
    await upsertDocumentPolicy(ctx, doc.id, { userId: editor.id, role: "editor" });
    await lockDocument((await signedInAs(editor.id, account.id)).ctx, doc.id);
    expect((await caught(addDocumentAttachment(ctx, doc.id, { name: "a.pdf", bytes: ANNEX })))?.code).toBe("DOCUMENT_LOCKED");
  });

  it("a copy has its own copies of the files, and deleting a document deletes its files", async () => {
    const { ctx, account, template } = await uploadFieldsTemplate();
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    await addDocumentAttachment(ctx, doc.id, { name: "plan.pdf", bytes: ANNEX });
    const copy = await cloneDocument(ctx, doc.id);
    const copied = await findDocumentAttachments(ctx, copy.id);
    expect(copied.map((a) => [a.variable, a.name])).toEqual([
      ["logo", "logo.png"],
      [null, "plan.pdf"],
    ]);
    expect(await bytesOf(await getDocumentAttachmentFile(ctx, copy.id, copied[1].id))).toEqual(ANNEX);
    const keys = await db.documentAttachment.findMany({ where: { accountId: account.id }, select: { path: true, documentId: true } });
    expect(new Set(keys.map((k) => k.path)).size).toBe(4);

    await deleteDocuments(ctx, [doc.id]);
    const left = await storedFiles(account.id);
    expect(left.some((name) => String(name).includes(doc.id))).toBe(false);
    expect(left.filter((name) => String(name).includes(`${copy.id}/attachments/`))).toHaveLength(2);
  });

  it("another workspace sees none of it", async () => {
    const { ctx, template } = await uploadFieldsTemplate();
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const [logo] = await findDocumentAttachments(ctx, doc.id);
    const other = await createAccount("Attachments other");
    const otherCtx = (await signedInAs(other.owner.id, other.account.id)).ctx;
    // Each call starts when it is awaited: a refusal never goes unobserved.
    for (const call of [
      () => findDocumentAttachments(otherCtx, doc.id),
      () => getDocumentAttachmentFile(otherCtx, doc.id, logo.id),
      () => addDocumentAttachment(otherCtx, doc.id, { name: "a.pdf", bytes: ANNEX }),
      () => deleteDocumentAttachment(otherCtx, doc.id, logo.id),
    ]) {
      expect((await caught(call()))?.code).toBe("NOT_FOUND");
    }
    // Nor through a document of their own: an attachment belongs to one document.
    const theirs = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Other" }, fields: {} }, [
      { field: "logo", name: "other.png", bytes: LOGO },
    ]);
    expect((await caught(getDocumentAttachmentFile(ctx, theirs.id, logo.id)))?.code).toBe("NOT_FOUND");
    expect((await caught(deleteDocumentAttachment(ctx, theirs.id, logo.id)))?.code).toBe("NOT_FOUND");
  });
});

describe("attachments through a share link", () => {
  it("a visitor sees and downloads the document's files, none of another document's, and nothing once the link expired", async () => {
    const { ctx, account, template } = await uploadFieldsTemplate();
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: LOGO },
    ]);
    const annex = await addDocumentAttachment(ctx, doc.id, { name: "plan.pdf", bytes: ANNEX });
    const other = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Other" }, fields: {} }, [
      { field: "logo", name: "other.png", bytes: LOGO },
    ]);
    const [otherLogo] = await findDocumentAttachments(ctx, other.id);
    const link = await createDocumentLink(ctx, doc.id, { name: "Client" });
    const visitor = () => anonymousContext({ ip: "10.9.8.7", userAgent: "vitest", locale: "en" });
    const validation = await validateDocumentLink(visitor(), link.id);
    if (validation.status !== "valid") throw new Error(validation.status);

    const view = await getLinkedDocument(visitor(), validation.accessToken);
    expect(view.attachments.map((a) => a.name)).toEqual(["logo.png", "plan.pdf"]);
    expect(view.attachments[0]).not.toHaveProperty("path");
    const file = await getLinkedAttachmentFile(visitor(), validation.accessToken, annex.id);
    expect(await bytesOf(file)).toEqual(ANNEX);
    expect(await db.audit.count({ where: { accountId: account.id, eventType: "document.attachmentDownloaded", via: "link" } })).toBe(1);
    expect((await caught(getLinkedAttachmentFile(visitor(), validation.accessToken, otherLogo.id)))?.code).toBe("NOT_FOUND");

    await db.documentLink.update({ where: { id: link.id }, data: { expiredAt: new Date(Date.now() - 1000) } });
    expect((await caught(getLinkedAttachmentFile(visitor(), validation.accessToken, annex.id)))?.code).toBe("LINK_EXPIRED");
  });
});

describe("attachments over REST", () => {
  let session: Awaited<ReturnType<typeof uploadFieldsTemplate>>;
  beforeAll(async () => {
    session = await uploadFieldsTemplate();
  });
  const auth = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${session.accessToken}`, ...extra });

  function multipart(url: string, parts: [string, Uint8Array, string][], data?: object, headers = auth()) {
    const form = new FormData();
    for (const [name, bytes, fileName] of parts) form.append(name, new Blob([bytes as BlobPart]), fileName);
    if (data) form.set("data", JSON.stringify(data));
    return new Request(`http://localhost:3000${url}`, { method: "POST", headers, body: form });
  }

  it("creates a document with its files as multipart, lists, downloads and removes annexes", async () => {
    const created = await fromTemplate.POST(
      multipart(
        "/vapp/documents/from-template",
        [
          ["field:logo", LOGO, "logo.png"],
          ["field:plan", ANNEX, "plan.pdf"],
        ],
        { templateId: session.template.id, values: { client: "Globex" } },
      ),
    );
    expect(created.status).toBe(200);
    const doc = (await created.json()) as { id: string; name: string };
    expect(doc.name).toBe("Offer Globex");

    const added = await attachmentsRoute.POST(
      multipart(`/vapp/documents/${doc.id}/attachments`, [["file", ANNEX, "extra.pdf"]]),
      params({ id: doc.id }),
    );
    expect(added.status).toBe(200);
    const annex = (await added.json()) as { id: string; name: string };

    const list = await attachmentsRoute.GET(new Request("http://localhost:3000/x", { headers: auth() }), params({ id: doc.id }));
    expect(((await list.json()) as { items: { name: string; variable: string | null }[] }).items.map((a) => [a.variable, a.name])).toEqual([
      ["logo", "logo.png"],
      ["plan", "plan.pdf"],
      [null, "extra.pdf"],
    ]);
    const file = await attachmentRoute.GET(
      new Request("http://localhost:3000/x?inline=1", { headers: auth() }),
      params({ id: doc.id, attachmentId: annex.id }),
    );
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="extra.pdf"/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(ANNEX);
    const removed = await attachmentRoute.DELETE(
      new Request("http://localhost:3000/x", { method: "DELETE", headers: auth() }),
      params({ id: doc.id, attachmentId: annex.id }),
    );
    expect(removed.status).toBe(200);
  });

  it("answers a wrong file per field in the caller's language, and another workspace with 404", async () => {
    const refused = await fromTemplate.POST(
      multipart(
        "/vapp/documents/from-template",
        [["field:logo", ANNEX, "logo.png"]],
        { templateId: session.template.id, values: { client: "Globex" } },
        auth({ "x-language": "es" }),
      ),
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { code: string; details: { fields: { path: string; message: string }[] } } };
    expect(body.error.details.fields).toEqual([expect.objectContaining({ path: "logo", message: "Elige una imagen PNG o JPEG." })]);

    const doc = await createDocumentFromTemplate(
      session.ctx,
      { templateId: session.template.id, values: { client: "Initech" }, fields: {} },
      [{ field: "logo", name: "logo.png", bytes: LOGO }],
    );
    const [logo] = await findDocumentAttachments(session.ctx, doc.id);
    const other = await createAccount("Attachments REST other");
    const token = (await signedInAs(other.owner.id, other.account.id)).accessToken;
    const theirs = { authorization: `Bearer ${token}` };
    expect((await attachmentsRoute.GET(new Request("http://localhost:3000/x", { headers: theirs }), params({ id: doc.id }))).status).toBe(
      404,
    );
    expect(
      (
        await attachmentRoute.GET(
          new Request("http://localhost:3000/x", { headers: theirs }),
          params({ id: doc.id, attachmentId: logo.id }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await attachmentsRoute.POST(
          multipart(`/vapp/documents/${doc.id}/attachments`, [["file", ANNEX, "x.pdf"]], undefined, theirs),
          params({ id: doc.id }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await attachmentRoute.DELETE(
          new Request("http://localhost:3000/x", { method: "DELETE", headers: theirs }),
          params({ id: doc.id, attachmentId: logo.id }),
        )
      ).status,
    ).toBe(404);
  });
});
