import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { fillPdfForm } from "@/lib/files/pdf-form";
import { extractPdfText } from "@/lib/files/pdf-text";
import { fillerPages, makeTextPdf } from "@/tests/fixtures/pdf";

describe("extractPdfText", () => {
  it("reads the text of every page in order, a word on page 3 included, and leaves the bytes intact", async () => {
    const bytes = await makeTextPdf(fillerPages(5, 10, { 3: "Governing law: Zanzibarian courts decide." }));
    const size = bytes.byteLength;
    const text = await extractPdfText(bytes);
    expect(text).toContain("Zanzibarian courts decide");
    expect(text.indexOf("Page 2 line 10")).toBeLessThan(text.indexOf("Zanzibarian"));
    expect(text.indexOf("Zanzibarian")).toBeLessThan(text.indexOf("Page 4 line 1:"));
    expect(text).toMatch(/Page 1 line 10: the parties agree to the terms set out below\.\nPage 2 line 1:/);
    expect(bytes.byteLength).toBe(size); // PDF.js detaches the buffer it gets: it must get a copy
  });

  it("reads a 10-page text PDF quickly", async () => {
    const bytes = await makeTextPdf(fillerPages(10));
    await extractPdfText(bytes); // loads PDF.js once
    const started = performance.now();
    const text = await extractPdfText(bytes);
    const ms = performance.now() - started;
    expect(text).toContain("Page 10 line 40");
    console.info(`extractPdfText: 10 pages, ${text.length} characters in ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(2_000);
  });

  it("returns without throwing for truncated, garbled and non-PDF bytes", async () => {
    const bytes = await makeTextPdf(fillerPages(3, 10, { 2: "Quokka" }));
    const garbled = bytes.slice();
    garbled.fill(0x41, Math.floor(garbled.length / 3), Math.floor(garbled.length / 3) + 400);
    for (const broken of [
      bytes.slice(0, Math.floor(bytes.length / 2)),
      bytes.slice(0, 40),
      garbled,
      new TextEncoder().encode("%PDF-1.7\nnot really"),
      new Uint8Array(),
    ]) {
      await expect(extractPdfText(broken)).resolves.toEqual(expect.any(String));
    }
    expect(await extractPdfText(new TextEncoder().encode("%PDF-1.7\nnot really"))).toBe("");
  });

  it("holds the character, page and time caps", async () => {
    const bytes = await makeTextPdf(fillerPages(6, 40, { 5: "Aardvark" }));
    const capped = await extractPdfText(bytes, { maxChars: 500 });
    expect(capped.length).toBeLessThanOrEqual(500);
    expect(capped.startsWith("Page 1 line 1:")).toBe(true);
    const twoPages = await extractPdfText(bytes, { maxPages: 2 });
    expect(twoPages).toContain("Page 2 line 40");
    expect(twoPages).not.toContain("Page 3");
    expect(await extractPdfText(bytes, { timeoutMs: 0 })).toBe("");
  });

  it("appends the filled form values, not checkbox states", async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const form = pdf.getForm();
    form.createTextField("Client").addToPage(page, { x: 50, y: 700, width: 300, height: 24 });
    form.createCheckBox("Agreed").addToPage(page, { x: 50, y: 650, width: 20, height: 20 });
    page.drawText("Services agreement", { x: 50, y: 780, size: 14 });
    const filled = await fillPdfForm(await pdf.save(), { Client: "Wombat Holdings", Agreed: "true" });
    const text = await extractPdfText(filled);
    expect(text).toBe("Services agreement\nWombat Holdings");
    expect(await extractPdfText(filled, { formValues: false })).toBe("Services agreement");
  });
});
