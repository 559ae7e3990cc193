import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { readStored } from "@/lib/documents/stored-file";
import { extractPdfText } from "@/lib/files/pdf-text";
import { jobContext } from "@/lib/jobs/job";
import { stopJobs } from "@/lib/jobs/queue";
import { sealDocument } from "@/lib/sealing/seal-document";
import { signedDocument } from "./signed-document";

/**
 * The certificate of completion shows each signature as it was made (issue 39, item 4): a document
 * sent with "signatures on the certificate page only" has no box on its pages, and its signers'
 * drawn signatures are still in the sealed file, on the certificate.
 */
afterAll(async () => {
  await stopJobs();
});

/** How many images each page draws (its XObjects of subtype Image). */
function imagesPerPage(pdf: PDFDocument): number[] {
  return pdf.getPages().map((page) => {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    if (!xObjects) return 0;
    return xObjects
      .keys()
      .filter((key) => (xObjects.lookup(key) as { dict?: PDFDict }).dict?.get(PDFName.of("Subtype"))?.toString() === "/Image").length;
  });
}

describe("the certificate's signatures", () => {
  it("draws a drawn signature on the certificate, with no box on the pages, and a typed one as its name", { timeout: 90_000 }, async () => {
    const { document } = await signedDocument({ pages: 2, signers: [{}, { typed: true }] });
    // Sent with the signatures on the certificate page only: no box on the pages.
    await db.signaturePlaceholder.deleteMany({ where: { documentId: document.id } });
    await db.document.update({ where: { id: document.id }, data: { settings: { signaturesOnCertificate: true } } });
    expect(await sealDocument(jobContext("certificate-signatures"), document.id, { number: 1, last: true })).toMatchObject({
      sealed: true,
    });

    const version = await db.documentContent.findFirstOrThrow({ where: { documentId: document.id }, orderBy: { version: "desc" } });
    const bytes = await readStored(version.path);
    const images = imagesPerPage(await PDFDocument.load(bytes));
    // The document's two pages draw nothing; the certificate after them draws the one drawn signature.
    expect(images.slice(0, 2)).toEqual([0, 0]);
    expect(images.slice(2).reduce((sum, count) => sum + count, 0)).toBe(1);
    const text = (await extractPdfText(bytes)).replace(/\s+/g, " ");
    expect(text).toContain("Ana Pérez");
    expect(text).toContain("Jo Smith");
  });
});
