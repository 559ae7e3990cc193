import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { getDocumentPdf } from "@/lib/documents/pdf-rendition";
import { convertWithLibreOffice, sofficePath } from "@/lib/files/libreoffice";
import { extractPdfText } from "@/lib/files/pdf-text";
import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";

const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

/** How many pictures a PDF draws: image XObjects among its objects. */
const imageCount = (pdf: PDFDocument) =>
  pdf.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")).length;

// These run against the real LibreOffice (CI installs it; .ci/run). Without it they do not run:
// pdf-rendition.test.ts covers the same paths with a stand-in, and the refusal without it. Each
// conversion starts LibreOffice (several seconds, more on a busy machine: the first test converts
// twice), hence the longer timeout than the suite's 30 s.
describe.runIf(!process.env.SOFFICE_PATH && sofficePath())("with LibreOffice installed", { timeout: 120_000 }, () => {
  it("takes a Word 97-2003 .doc template, finds its fields and makes documents from it, with their PDF", async () => {
    const { account, owner } = await createAccount("LibreOffice");
    const { ctx } = await signedInAs(owner.id, account.id);
    const doc = await convertWithLibreOffice(makeDocx(["Lease for [tenant].", "Starting on [start]."]), "docx", "doc" as "docx");
    expect(Buffer.from(doc!.slice(0, 4)).toString("hex")).toBe("d0cf11e0");

    const template = await createTemplate(ctx, {}, { name: "Lease [tenant].doc", bytes: doc! });
    expect(template).toMatchObject({ format: "docx", delimiter: "bracket" });
    expect((template.variables as { name: string }[]).map((v) => v.name)).toEqual(["tenant", "start"]);
    await updateTemplate(ctx, template.id, {
      variables: [
        { name: "tenant", type: "text", required: true, deprecated: false, options: {} },
        { name: "start", type: "date", required: true, deprecated: false, options: { dateFormat: "DD/MM/YYYY" } },
      ],
    });
    await publishUnpublishTemplate(ctx, template.id, true);
    const document = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { tenant: "Ada Lovelace", start: "2027-01-15" },
      fields: {},
    });
    expect(document.name).toBe("Lease Ada Lovelace");

    const pdf = await getDocumentPdf(ctx, document.id);
    expect(pdf.mimetype).toBe("application/pdf");
    const text = await extractPdfText(await bytesOf(pdf.stream));
    expect(text).toContain("Lease for Ada Lovelace.");
    expect(text).toContain("Starting on 15/01/2027.");
    // Converted once, then kept beside the version.
    const version = await db.documentContent.findFirstOrThrow({ where: { documentId: document.id } });
    expect((version.metadata as { pdfPath?: string }).pdfPath).toMatch(/\.pdf$/);
  });

  it("renders the picture of an image field in the PDF: the DOCX we write is one LibreOffice reads", async () => {
    const { account, owner } = await createAccount("LibreOffice image");
    const { ctx } = await signedInAs(owner.id, account.id);
    const template = await createTemplate(
      ctx,
      { name: "Letter" },
      { name: "letter.docx", bytes: makeDocx(["Letter from [sender]", "[logo]", "Regards"]) },
    );
    await updateTemplate(ctx, template.id, {
      variables: [
        { name: "sender", type: "text", required: true, deprecated: false, options: {} },
        { name: "logo", type: "image", required: true, deprecated: false, options: {} },
      ],
    });
    await publishUnpublishTemplate(ctx, template.id, true);
    const document = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { sender: "Acme" }, fields: {} }, [
      { field: "logo", name: "logo.png", bytes: makePng(400, 120) },
    ]);
    const pdf = await PDFDocument.load(await bytesOf((await getDocumentPdf(ctx, document.id)).stream));
    expect(imageCount(pdf)).toBeGreaterThanOrEqual(1);
    expect(await extractPdfText(await pdf.save())).toContain("Letter from Acme");
  });
});
