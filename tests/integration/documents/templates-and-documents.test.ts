import PizZip from "pizzip";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { cloneDocument } from "@/lib/documents/clone-document";
import { importDocuments } from "@/lib/documents/import-documents";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { documentStatusList } from "@/lib/documents/document-status-list";
import { deleteDocuments } from "@/lib/documents/delete-documents";
import { findDocumentVersions } from "@/lib/documents/find-document-versions";
import { getDocument } from "@/lib/documents/get-document";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { lockDocument } from "@/lib/documents/lock-document";
import { unlockDocument } from "@/lib/documents/unlock-document";
import { updateDocument } from "@/lib/documents/update-document";
import { updateDocumentStatus } from "@/lib/documents/update-document-status";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { makePdfForm } from "@/lib/files/pdf-form";
import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx, makeZipBomb } from "@/tests/fixtures/docx";

const bodyText = (bytes: Uint8Array) =>
  new PizZip(bytes)
    .file("word/document.xml")!
    .asText()
    .replace(/<[^>]+>/g, "");

async function workspace() {
  const { account, owner } = await createAccount("Docs");
  const { ctx } = await signedInAs(owner.id, account.id);
  return { account, owner, ctx };
}

describe("templates", () => {
  it("finds [bracket] fields, split across runs too, and keeps settings per field", async () => {
    const { ctx } = await workspace();
    const file = makeDocx(["Agreement between [company] and ", ["[cli", "ent]"], "Signed on [start date] for [fee]"]);
    const template = await createTemplate(ctx, {}, { name: "NDA [client].docx", bytes: file });
    expect(template.name).toBe("NDA [client]");
    expect(template.delimiter).toBe("bracket");
    expect((template.variables as { name: string }[]).map((v) => v.name)).toEqual(["company", "client", "start date", "fee"]);
    const audit = await db.audit.findFirst({ where: { targetId: template.id, eventType: "template.created" } });
    expect(audit?.userId).toBe(ctx.userId);
  });

  it("refuses a mixed-format template, a renamed executable, a corrupt docx and a ZIP bomb, storing nothing", async () => {
    const { ctx, account } = await workspace();
    await expect(createTemplate(ctx, {}, { name: "mixed.docx", bytes: makeDocx(["[a] and {{b}}"]) })).rejects.toMatchObject({
      code: "MIXED_VARIABLE_FORMATS",
      params: { formats: "{{x}}, [x]" },
    });
    await expect(
      createTemplate(ctx, {}, { name: "evil.docx", bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) }),
    ).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    const corrupt = makeDocx(["x"]).slice(0, 200);
    await expect(createTemplate(ctx, {}, { name: "broken.docx", bytes: corrupt })).rejects.toMatchObject({ code: "FILE_UNREADABLE" });
    await expect(createTemplate(ctx, {}, { name: "bomb.docx", bytes: makeZipBomb(40) })).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    await expect(createTemplate(ctx, {}, { name: "form.pdf", bytes: await makePdfForm([]) })).rejects.toMatchObject({
      code: "NO_PDF_FORM",
    });
    expect(await db.template.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("rejects a formula that names a missing field and accepts one over number fields", async () => {
    const { ctx } = await workspace();
    const template = await createTemplate(ctx, {}, { name: "fees.docx", bytes: makeDocx(["[fee] [total]"]) });
    await expect(
      updateTemplate(ctx, template.id, {
        variables: [
          { name: "fee", type: "number", required: true, deprecated: false, options: {} },
          { name: "total", type: "formula", required: false, deprecated: false, options: { formula: "[fee] * [tax]" } },
        ],
      }),
    ).rejects.toMatchObject({ code: "FORMULA_INVALID", params: { name: "total" } });
    const updated = await updateTemplate(ctx, template.id, {
      variables: [
        { name: "fee", type: "currency", required: true, deprecated: false, options: { currency: "EUR" } },
        { name: "total", type: "formula", required: false, deprecated: false, options: { formula: "[fee] * 2 + 1" } },
      ],
    });
    expect((updated.variables as { type: string }[]).map((v) => v.type)).toEqual(["currency", "formula"]);
  });
});

describe("documents", () => {
  it("generates a DOCX from a published template, with dates, money and formulas filled, and finds it by a word of its body", async () => {
    const { ctx } = await workspace();
    const template = await createTemplate(
      ctx,
      { language: "en" },
      {
        name: "Services [client].docx",
        bytes: makeDocx(["Services for [client] starting [start].", "Fee: [fee]. Total: [total]. Zanzibarian clause."]),
      },
    );
    await updateTemplate(ctx, template.id, {
      variables: [
        { name: "client", type: "text", required: true, deprecated: false, options: {} },
        { name: "start", type: "date", required: true, deprecated: false, options: { dateFormat: "DD/MM/YYYY" } },
        { name: "fee", type: "currency", required: true, deprecated: false, options: { currency: "USD" } },
        { name: "total", type: "formula", required: false, deprecated: false, options: { formula: "[fee] * 2 + 1" } },
      ],
    });
    await expect(createDocumentFromTemplate(ctx, { templateId: template.id, values: {}, fields: {} })).rejects.toMatchObject({
      params: { fields: "templateId" },
    });
    await publishUnpublishTemplate(ctx, template.id, true);
    await expect(
      createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme", start: "31/12/2026", fee: "abc" }, fields: {} }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: {
        fields: [
          { path: "start", code: "date" },
          { path: "fee", code: "number", message: "Enter a number." },
        ],
      },
    });
    // Refused values leave nothing behind.
    expect(await db.document.count({ where: { templateId: template.id } })).toBe(0);
    const doc = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { client: "Acme Ltd", start: "2026-12-31", fee: 1500 },
      fields: {},
    });
    expect(doc.name).toBe("Services Acme Ltd");
    expect(doc.ref).toBe("1");
    const file = await getDocumentFile(ctx, doc.id);
    const text = bodyText(new Uint8Array(await new Response(file.stream).arrayBuffer()));
    expect(text).toContain("Services for Acme Ltd starting 31/12/2026.");
    expect(text).toContain("Fee: $1,500.00. Total: 3,001.");
    const found = await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "zanzibarian" });
    expect(found.items.map((d) => d.id)).toEqual([doc.id]);
    expect(found.items[0].highlight?.some((part) => part.match && /Zanzibarian/i.test(part.text))).toBe(true);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "clauses" })).total).toBe(1); // stemmed
  });

  it("search is stemmed in the document's language for es, ca and pt too, and exact words match in any", async () => {
    const { ctx } = await workspace();
    const cases = [
      { language: "es", body: "Los contratos de arrendamiento", inflected: "contrato" },
      { language: "ca", body: "Els contractes de lloguer", inflected: "contracte" },
      { language: "pt", body: "As cláusulas contratuais", inflected: "cláusula" },
    ] as const;
    const made: Record<string, string> = {};
    for (const c of cases)
      made[c.language] = (
        await createDocumentFromUpload(
          ctx,
          { name: `Doc ${c.language}`, language: c.language },
          { name: "x.docx", bytes: makeDocx([c.body]) },
        )
      ).id;
    for (const c of cases) {
      // The searcher's own language stems the query the same way.
      expect(
        (await findDocuments({ ...ctx, locale: c.language }, { ...DOCUMENT_LIST_DEFAULTS, search: c.inflected })).items.map((d) => d.id),
      ).toEqual([made[c.language]]);
      // Word for word, whatever the searcher's language.
      expect(
        (await findDocuments({ ...ctx, locale: "en" }, { ...DOCUMENT_LIST_DEFAULTS, search: c.body.split(" ")[1] })).items.map((d) => d.id),
      ).toEqual([made[c.language]]);
    }
  });

  it("fills PDF forms", async () => {
    const { ctx } = await workspace();
    const template = await createTemplate(ctx, {}, { name: "form.pdf", bytes: await makePdfForm(["Name", "City"]) });
    expect(template.delimiter).toBe("pdfForm");
    await publishUnpublishTemplate(ctx, template.id, true);
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { Name: "Ana", City: "Lisboa" }, fields: {} });
    const { PDFDocument } = await import("pdf-lib");
    const file = await getDocumentFile(ctx, doc.id);
    const pdf = await PDFDocument.load(new Uint8Array(await new Response(file.stream).arrayBuffer()));
    expect(pdf.getForm().getTextField("City").getText()).toBe("Lisboa");
  });

  it("moves through statuses by the table, versions, clones, and imports only with the plan", async () => {
    const { ctx, account } = await workspace();
    const doc = await createDocumentFromUpload(ctx, { name: "Lease" }, { name: "lease.docx", bytes: makeDocx(["Lease terms"]) });
    await expect(updateDocumentStatus(ctx, doc.id, "signed")).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      params: { from: "initial", to: "signed" },
    });
    expect((await updateDocumentStatus(ctx, doc.id, "drafting")).status).toBe("drafting");
    await updateDocumentVersion(ctx, doc.id, { name: "lease-v2.docx", bytes: makeDocx(["Lease terms, amended with Quokka"]) });
    expect((await findDocumentVersions(ctx, doc.id)).map((v) => v.version)).toEqual([2, 1]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "quokka" })).total).toBe(1);
    const copy = await cloneDocument(ctx, doc.id);
    expect(copy.name).toBe("Lease (copy)");
    await expect(importDocuments(ctx, {}, [{ name: "a.docx", bytes: makeDocx(["a"]) }])).rejects.toMatchObject({
      code: "FEATURE_NOT_IN_PLAN",
    });
    const paid = { ...ctx, capabilities: new Set([...ctx.capabilities, "import"]) };
    await expect(
      importDocuments(paid, {}, [
        { name: "a.docx", bytes: makeDocx(["a"]) },
        { name: "b.exe", bytes: new Uint8Array([0x4d, 0x5a, 1, 2]) },
      ]),
    ).rejects.toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED" });
    expect(await db.document.count({ where: { accountId: account.id } })).toBe(2);
    expect(
      await importDocuments(paid, {}, [
        { name: "a.docx", bytes: makeDocx(["a"]) },
        { name: "b.docx", bytes: makeDocx(["b"]) },
      ]),
    ).toHaveLength(2);
    expect(documentStatusList(ctx)[0]).toEqual({ key: "initial", value: "Created" });
  });

  it("lets a Member see only documents shared with them, and a Guest never edit", async () => {
    const { ctx, account } = await workspace();
    const doc = await createDocumentFromUpload(ctx, {}, { name: "secret.docx", bytes: makeDocx(["secret"]) });
    const member = await addMember(account.id, "Member");
    const { ctx: memberCtx } = await signedInAs(member.id, account.id);
    expect((await findDocuments(memberCtx)).total).toBe(0);
    await expect(getDocument(memberCtx, doc.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await db.documentPolicy.create({ data: { accountId: account.id, documentId: doc.id, userId: member.id, role: "reader" } });
    expect((await getDocument(memberCtx, doc.id)).abilities).toMatchObject({ view: true, edit: false });
    await expect(updateDocumentStatus(memberCtx, doc.id, "drafting")).rejects.toMatchObject({ code: "FORBIDDEN" });
    const guest = await addMember(account.id, "Guest");
    await db.documentPolicy.create({ data: { accountId: account.id, documentId: doc.id, userId: guest.id, role: "owner" } });
    const { ctx: guestCtx } = await signedInAs(guest.id, account.id);
    await expect(updateDocumentStatus(guestCtx, doc.id, "drafting")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteDocuments(memberCtx, [doc.id])).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await deleteDocuments(ctx, [doc.id])).toEqual([doc.id]);
  });

  it("locks a document while one editor edits it", async () => {
    const { ctx, account } = await workspace();
    const doc = await createDocumentFromUpload(ctx, {}, { name: "locked.docx", bytes: makeDocx(["x"]) });
    const editor = await addMember(account.id, "Member", undefined);
    await db.documentPolicy.create({ data: { accountId: account.id, documentId: doc.id, userId: editor.id, role: "editor" } });
    const { ctx: editorCtx } = await signedInAs(editor.id, account.id);
    await lockDocument(ctx, doc.id);
    await expect(lockDocument(editorCtx, doc.id)).rejects.toMatchObject({ code: "DOCUMENT_LOCKED", params: { name: "Test User" } });
    await expect(updateDocument(editorCtx, doc.id, { name: "Mine" })).rejects.toMatchObject({ code: "DOCUMENT_LOCKED" });
    expect((await getDocument(editorCtx, doc.id)).locked).toBe(true);
    await unlockDocument(ctx, doc.id);
    await lockDocument(editorCtx, doc.id);
    expect((await updateDocument(editorCtx, doc.id, { name: "Mine" })).name).toBe("Mine");
  });

  it("never shows one account's documents or templates to another", async () => {
    const a = await workspace();
    const b = await workspace();
    const doc = await createDocumentFromUpload(a.ctx, {}, { name: "a.docx", bytes: makeDocx(["Aardvark"]) });
    const template = await createTemplate(a.ctx, {}, { name: "t.docx", bytes: makeDocx(["[x]"]) });
    expect((await findDocuments(b.ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "aardvark" })).total).toBe(0);
    await expect(getDocument(b.ctx, doc.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(updateDocumentStatus(b.ctx, doc.id, "drafting")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(publishUnpublishTemplate(b.ctx, template.id, true)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(createDocumentFromTemplate(b.ctx, { templateId: template.id, values: {}, fields: {} })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
