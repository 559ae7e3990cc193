import { describe, expect, it } from "vitest";
import { checkReadableFile } from "@/lib/files/check-readable-file";
import { isWellFormedXml } from "@/lib/files/is-well-formed-xml";
import { makePdfForm } from "@/lib/files/pdf-form";
import { brokenDocxs, makeDocx, makeZipBomb } from "@/tests/fixtures/docx";
import { brokenPdfs, cyclicPagesPdf, encryptedPdf, fillerPages, makeTextPdf } from "@/tests/fixtures/pdf";

const refusal = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; params?: Record<string, unknown> }) => ({ code: error.code, ...error.params }),
  );

describe("checkReadableFile: PDF", () => {
  it("opens a valid PDF once and hands back the document and its pages", async () => {
    const opened = await checkReadableFile(await makeTextPdf([["one"], ["two"], ["three"]]), "pdf");
    expect(opened.pages).toBe(3);
    expect(opened.encrypted).toBe(false);
    expect(opened.pdf.getPageCount()).toBe(3);
    expect((await checkReadableFile(await makePdfForm(["client"]), "pdf")).pdf.getForm().getFields()).toHaveLength(1);
  });

  it.each(Object.entries(brokenPdfs()))("refuses %s as damaged", async (_name, bytes) => {
    expect(await refusal(checkReadableFile(bytes, "pdf"))).toEqual({ code: "FILE_UNREADABLE", kind: "PDF", reason: "damaged" });
  });

  it("refuses a page tree that loops back on itself", async () => {
    expect(await refusal(checkReadableFile(cyclicPagesPdf(), "pdf"))).toMatchObject({ code: "FILE_UNREADABLE", reason: "damaged" });
  });

  it("refuses a PDF over the page limit, and takes one at the limit", async () => {
    const five = await makeTextPdf([["1"], ["2"], ["3"], ["4"], ["5"]]);
    expect(await refusal(checkReadableFile(five, "pdf", { limits: { maxPages: 4 } }))).toEqual({
      code: "FILE_UNREADABLE",
      kind: "PDF",
      reason: "pages",
      max: 4,
    });
    expect((await checkReadableFile(five, "pdf", { limits: { maxPages: 5 } })).pages).toBe(5);
  });

  it("gives up at the time limit instead of waiting for a slow parse", async () => {
    const big = await makeTextPdf(fillerPages(400, 20));
    const started = performance.now();
    expect(await refusal(checkReadableFile(big, "pdf", { limits: { timeoutMs: 5 } }))).toEqual({
      code: "FILE_UNREADABLE",
      kind: "PDF",
      reason: "timeout",
    });
    // Answered near the deadline, not when the parse ends (it takes far longer than 5 ms).
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await checkReadableFile(big, "pdf")).pages).toBe(400);
  });

  it("refuses a password-protected PDF unless it is to be kept as it is", async () => {
    const locked = await encryptedPdf();
    expect(await refusal(checkReadableFile(locked, "pdf"))).toMatchObject({ code: "FILE_UNREADABLE", reason: "encrypted" });
    expect((await checkReadableFile(locked, "pdf", { allowEncrypted: true })).encrypted).toBe(true);
  });
});

describe("checkReadableFile: Word", () => {
  it("opens a valid .docx and hands back its parts", async () => {
    const { parts } = await checkReadableFile(makeDocx(["Hello [client]"]), "docx");
    expect(new TextDecoder().decode(parts.get("word/document.xml"))).toContain("Hello [client]");
  });

  it.each(Object.entries(brokenDocxs()))("refuses %s", async (_name, bytes) => {
    expect(await refusal(checkReadableFile(bytes, "docx"))).toEqual({ code: "FILE_UNREADABLE", kind: "Word (.docx)", reason: "damaged" });
  });

  it("refuses a broken header as well as a broken body, and a package whose body is not a document", async () => {
    expect(await refusal(checkReadableFile(makeDocx(["Hi"], { "word/header1.xml": "<w:hdr><w:p></w:hdr>" }), "docx"))).toMatchObject({
      code: "FILE_UNREADABLE",
    });
    expect(await refusal(checkReadableFile(makeDocx(["Hi"], { "word/document.xml": "<worksheet/>" }), "docx"))).toMatchObject({
      code: "FILE_UNREADABLE",
    });
  });

  it("keeps a ZIP bomb FILE_TOO_LARGE", async () => {
    expect(await refusal(checkReadableFile(makeZipBomb(40), "docx"))).toMatchObject({ code: "FILE_TOO_LARGE" });
  });
});

describe("isWellFormedXml", () => {
  const xml = (text: string) => isWellFormedXml(new TextEncoder().encode(text));

  it("takes what Word writes", () => {
    const word =
      '\ufeff<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="w14">' +
      '<w:body><!-- a comment --><w:p w14:paraId="1A2B3C4D"><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Smith &amp; Sons&#x2019; “terms” &lt;1&gt; &#169;</w:t></w:r></w:p>' +
      "<mc:AlternateContent><mc:Choice Requires='wps'><w:t><![CDATA[a < b]]></w:t></mc:Choice></mc:AlternateContent><w:sectPr/></w:body></w:document>\n";
    expect(xml(word)).toEqual({ root: "w:document" });
  });

  it.each([
    ["cut short", "<a><b>text</b>"],
    ["mismatched tags", "<a><b></a></b>"],
    ["two roots", "<a/><b/>"],
    ["text outside the root", "<a/>tail"],
    ["an unknown entity", "<a>&nbsp;</a>"],
    ["a bare ampersand", '<a b="x & y"/>'],
    ["an unquoted attribute", "<a b=c/>"],
    ["a DOCTYPE", '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ["a control character", "<a>\u0001</a>"],
    ["no element at all", "just text"],
    ["nothing", ""],
  ])("refuses %s", (_name, text) => {
    expect(xml(text)).toBeNull();
  });

  it("refuses bytes that are not UTF-8", () => {
    expect(isWellFormedXml(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]))).toBeNull();
  });
});
