import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { getDocumentPdf } from "@/lib/documents/pdf-rendition";
import { makePdfForm } from "@/lib/files/pdf-form";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

const original = process.env.SOFFICE_PATH;
afterEach(() => {
  if (original === undefined) delete process.env.SOFFICE_PATH;
  else process.env.SOFFICE_PATH = original;
});

/**
 * A stand-in for LibreOffice with its command line: writes a small PDF named after the input
 * into --outdir, so the conversion, caching and streaming are tested without installing it.
 */
async function fakeSoffice(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "fake-soffice-"));
  const pdf = path.join(dir, "sample.pdf");
  await writeFile(pdf, await makePdfForm(["converted"]));
  const script = path.join(dir, "soffice");
  await writeFile(
    script,
    `#!/bin/sh\nout=""\nlast=""\nwhile [ $# -gt 0 ]; do case "$1" in --outdir) out="$2"; shift;; *) last="$1";; esac; shift; done\nbase=$(basename "$last"); cp "${pdf}" "$out/\${base%.*}.pdf"\n`,
  );
  await chmod(script, 0o755);
  return script;
}

async function pdfBytes(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("PDF renditions", () => {
  it("streams a PDF version as it is, and refuses a Word version clearly without LibreOffice", async () => {
    process.env.SOFFICE_PATH = "/nonexistent/soffice";
    const { account, owner } = await createAccount("Pdf");
    const { ctx } = await signedInAs(owner.id, account.id);
    const pdfDoc = await createDocumentFromUpload(ctx, {}, { name: "form.pdf", bytes: await makePdfForm(["a"]) });
    const file = await getDocumentPdf(ctx, pdfDoc.id);
    expect(new TextDecoder().decode((await pdfBytes(file.stream)).slice(0, 5))).toBe("%PDF-");
    const word = await createDocumentFromUpload(ctx, {}, { name: "word.docx", bytes: makeDocx(["x"]) });
    if (!(await import("@/lib/files/libreoffice")).sofficePath()) {
      await expect(getDocumentPdf(ctx, word.id)).rejects.toMatchObject({ code: "CONVERTER_UNAVAILABLE" });
    }
  });

  it("converts a Word version once through LibreOffice and keeps the PDF beside it", async () => {
    process.env.SOFFICE_PATH = await fakeSoffice();
    const { account, owner } = await createAccount("Pdf2");
    const { ctx } = await signedInAs(owner.id, account.id);
    const word = await createDocumentFromUpload(ctx, {}, { name: "Lease.docx", bytes: makeDocx(["x"]) });
    const first = await getDocumentPdf(ctx, word.id);
    expect(first.fileName).toBe("Lease.pdf");
    expect(new TextDecoder().decode((await pdfBytes(first.stream)).slice(0, 5))).toBe("%PDF-");
    const content = await db.documentContent.findFirstOrThrow({ where: { documentId: word.id } });
    expect((content.metadata as { pdfPath?: string }).pdfPath).toMatch(/\.rendition\.pdf$/);
    process.env.SOFFICE_PATH = "/nonexistent/soffice";
    // Kept: the second download needs no converter.
    expect((await getDocumentPdf(ctx, word.id)).mimetype).toBe("application/pdf");
  });
});
