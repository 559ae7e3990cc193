import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { cloneDocument } from "@/lib/documents/clone-document";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { importDocuments } from "@/lib/documents/import-documents";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { createTemplate, publishUnpublishTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { fillerPages, makeTextPdf } from "@/tests/fixtures/pdf";

async function workspace() {
  const { account, owner } = await createAccount("PDF search");
  const { ctx } = await signedInAs(owner.id, account.id);
  return { account, ctx };
}

const latestText = async (documentId: string) =>
  (await db.documentContent.findFirstOrThrow({ where: { documentId }, orderBy: { version: "desc" }, select: { text: true } })).text;

/** A one-page PDF form with body text and the given text fields. */
async function makeBodyForm(body: string, fieldNames: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(body, { x: 50, y: 790, size: 12, font });
  const form = pdf.getForm();
  fieldNames.forEach((name, i) => form.createTextField(name).addToPage(page, { x: 50, y: 700 - i * 40, width: 300, height: 24 }));
  return pdf.save();
}

describe("PDF full-text search", () => {
  it("finds an uploaded PDF by a word on its third page, and a new PDF version by its own words", async () => {
    const { ctx } = await workspace();
    const first = await makeTextPdf(fillerPages(4, 20, { 3: "Disputes go to the Zanzibarian arbitration board." }));
    const doc = await createDocumentFromUpload(ctx, { language: "en" }, { name: "supply.pdf", bytes: first });
    expect(await latestText(doc.id)).toContain("Zanzibarian arbitration board");

    const found = await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "zanzibarian" });
    expect(found.items.map((d) => d.id)).toEqual([doc.id]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "boards" })).total).toBe(1); // stemmed in the document's language
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "quokka" })).total).toBe(0);

    await updateDocumentVersion(ctx, doc.id, {
      name: "supply-v2.pdf",
      bytes: await makeTextPdf([["Amendment: Quokka logistics replaces the carrier."]]),
    });
    expect(await latestText(doc.id)).toBe("Amendment: Quokka logistics replaces the carrier.");
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "quokka" })).items.map((d) => d.id)).toEqual([doc.id]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "zanzibarian" })).total).toBe(1); // every version stays searchable

    const other = await workspace();
    expect((await findDocuments(other.ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "quokka" })).total).toBe(0);
  });

  it("keeps the page text through import and clone", async () => {
    const { ctx } = await workspace();
    const paid = { ...ctx, capabilities: new Set([...ctx.capabilities, "import"]) };
    const [imported] = await importDocuments(paid, {}, [
      { name: "lease.pdf", bytes: await makeTextPdf([["Lease of the Wombat warehouse"]]) },
    ]);
    const copy = await cloneDocument(ctx, imported.id);
    expect(await latestText(copy.id)).toBe("Lease of the Wombat warehouse");
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "wombat" })).items.map((d) => d.id).sort()).toEqual(
      [imported.id, copy.id].sort(),
    );
  });

  it("indexes a document generated from a PDF form by its page text and its filled values", async () => {
    const { ctx } = await workspace();
    const template = await createTemplate(
      ctx,
      {},
      { name: "order.pdf", bytes: await makeBodyForm("Purchase order under the Platypus framework", ["Buyer"]) },
    );
    expect((template.metadata as { text: string }).text).toContain("Platypus framework");
    await publishUnpublishTemplate(ctx, template.id, true);
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { Buyer: "Kookaburra Ltd" }, fields: {} });
    expect(await latestText(doc.id)).toBe("Purchase order under the Platypus framework\nKookaburra Ltd");
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "platypus" })).items.map((d) => d.id)).toEqual([doc.id]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "kookaburra" })).items.map((d) => d.id)).toEqual([doc.id]);
  });

  it("still refuses a PDF that cannot be opened", async () => {
    const { ctx } = await workspace();
    const truncated = (await makeTextPdf([["x"]])).slice(0, 60);
    await expect(createDocumentFromUpload(ctx, {}, { name: "broken.pdf", bytes: truncated })).rejects.toMatchObject({
      code: "FILE_UNREADABLE",
    });
  });
});
