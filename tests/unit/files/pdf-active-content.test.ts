import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { inspectAttachmentFile } from "@/lib/files/attachment-file";
import { inspectContractFile } from "@/lib/files/inspect-contract-file";
import { removeActiveContent } from "@/lib/files/pdf-active-content";

/**
 * A PDF with everything a reader may run or open by itself (issue 37, item 10), beside what must
 * stay: a link to a web page, a jump to a page, a named action.
 */
async function activePdf({ encrypted = false } = {}) {
  const pdf = await PDFDocument.create();
  const [first, second] = [pdf.addPage([300, 300]), pdf.addPage([300, 300])];
  const { context } = pdf;
  const action = (fields: Record<string, unknown>) => context.register(context.obj(fields as never));
  const js = action({ S: "JavaScript", JS: PDFString.of("app.alert('hi')") });
  pdf.catalog.set(PDFName.of("OpenAction"), js);
  pdf.catalog.set(PDFName.of("AA"), context.obj({ WC: js }));
  const file = context.register(context.flateStream("attached secret", { Type: "EmbeddedFile" }));
  const filespec = context.register(context.obj({ Type: "Filespec", F: PDFString.of("a.exe"), EF: { F: file } }));
  pdf.catalog.set(
    PDFName.of("Names"),
    context.obj({
      JavaScript: { Names: [PDFString.of("init"), js] },
      EmbeddedFiles: { Names: [PDFString.of("a.exe"), filespec] },
    }),
  );
  first.node.set(PDFName.of("AA"), context.obj({ O: js }));
  const link = (a: unknown, rect = [10, 10, 50, 50]) =>
    context.register(context.obj({ Type: "Annot", Subtype: "Link", Rect: rect, A: a } as never));
  const web = link({ S: "URI", URI: PDFString.of("https://example.com/terms") });
  const jump = link({ S: "GoTo", D: [second.ref, PDFName.of("Fit")] });
  const named = link({ S: "Named", N: "NextPage" });
  const launch = link(action({ S: "Launch", F: PDFString.of("calc.exe") }));
  const local = link({ S: "URI", URI: PDFString.of("file:///etc/passwd") });
  // A page jump whose chain then runs a script: the jump stays, the script goes.
  const chained = link({ S: "GoTo", D: [first.ref, PDFName.of("Fit")], Next: [js, action({ S: "Named", N: "PrevPage" })] });
  const attachment = context.register(context.obj({ Type: "Annot", Subtype: "FileAttachment", Rect: [60, 60, 80, 80], FS: filespec }));
  first.node.set(PDFName.of("Annots"), context.obj([web, jump, named, launch, local, chained, attachment]));
  const field = context.register(context.obj({ FT: "Tx", T: PDFString.of("name"), AA: { K: js }, Rect: [0, 0, 10, 10] }));
  pdf.catalog.set(PDFName.of("AcroForm"), context.obj({ Fields: [field], XFA: PDFString.of("<xdp/>") }));
  if (encrypted) pdf.context.trailerInfo.Encrypt = context.register(context.obj({ Filter: "Standard", V: 1, R: 2 }));
  return pdf.save();
}

const reopen = (bytes: Uint8Array) => PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });

describe("active content in an uploaded PDF", () => {
  it("finds scripts, triggers, launch actions and embedded files, and removes them all", async () => {
    const pdf = await reopen(await activePdf());
    expect(removeActiveContent(pdf, { inspectOnly: true })).toEqual(["embedded", "javascript", "launch", "triggers"]);
    expect(removeActiveContent(pdf)).toEqual(["embedded", "javascript", "launch", "triggers"]);
    const cleaned = await reopen(await pdf.save());
    expect(removeActiveContent(cleaned, { inspectOnly: true })).toEqual([]);
    // What stays: the web link, the page jumps (the chained one without its script) and the named action.
    const annots = cleaned.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray);
    const actions = annots.asArray().map((ref) => cleaned.context.lookup(ref, PDFDict).lookupMaybe(PDFName.of("A"), PDFDict));
    const kinds = actions.map((a) => a?.lookup(PDFName.of("S"), PDFName).decodeText() ?? null);
    expect(kinds).toEqual(["URI", "GoTo", "Named", null, null, "GoTo"]);
    expect(actions[5]!.lookup(PDFName.of("Next"), PDFArray).size()).toBe(1);
    expect(cleaned.catalog.has(PDFName.of("OpenAction"))).toBe(false);
  });

  it("keeps a contract without them, and keeps a clean PDF's bytes as they came", async () => {
    const contract = await inspectContractFile({ name: "active.pdf", bytes: await activePdf() });
    expect(contract.removed).toEqual(["embedded", "javascript", "launch", "triggers"]);
    expect(removeActiveContent(await reopen(contract.bytes), { inspectOnly: true })).toEqual([]);
    const plain = await PDFDocument.create();
    plain.addPage([300, 300]);
    const bytes = await plain.save();
    const clean = await inspectContractFile({ name: "clean.pdf", bytes });
    expect(clean.removed).toEqual([]);
    expect(clean.bytes).toBe(bytes);
  });

  it("keeps an attachment without them, and refuses a protected one that holds them, with the reason in words", async () => {
    const attachment = await inspectAttachmentFile({ name: "annex.pdf", bytes: await activePdf() });
    expect(removeActiveContent(await reopen(attachment.bytes), { inspectOnly: true })).toEqual([]);
    await expect(inspectAttachmentFile({ name: "locked.pdf", bytes: await activePdf({ encrypted: true }) })).rejects.toMatchObject({
      code: "FILE_UNREADABLE",
      params: { reason: "activeContent" },
      message: expect.stringContaining("protected with a password and holds scripts"),
    });
  });
});
