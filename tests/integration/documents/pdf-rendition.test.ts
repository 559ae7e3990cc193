import { afterEach, describe, expect, it } from "vitest";
import * as documentPdf from "@/app/vapp/documents/[id]/pdf/route";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { getDocumentPdf } from "@/lib/documents/pdf-rendition";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { makePdfForm } from "@/lib/files/pdf-form";
import es from "@/messages/es.json";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";
import { fakeSoffice } from "@/tests/fixtures/fake-soffice";

const original = process.env.SOFFICE_PATH;
afterEach(() => {
  if (original === undefined) delete process.env.SOFFICE_PATH;
  else process.env.SOFFICE_PATH = original;
});

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
    process.env.SOFFICE_PATH = await fakeSoffice(await makePdfForm(["converted"]));
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

/** GET /vapp/documents/{id}/pdf as a bearer-token client. */
const getPdf = (token: string, id: string, query = "", headers: Record<string, string> = {}) =>
  documentPdf.GET(
    jsonRequest("GET", `/vapp/documents/${id}/pdf${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } }),
    params({ id }),
  );

describe("GET /vapp/documents/{id}/pdf?version=", () => {
  it("serves any version as PDF, converting a Word one, for those who may read the document only", async () => {
    process.env.SOFFICE_PATH = await fakeSoffice(await makePdfForm(["converted"]));
    const { account, owner } = await createAccount("PdfRoute");
    const admin = await signedInAs(owner.id, account.id);
    const doc = await createDocumentFromUpload(admin.ctx, {}, { name: "Lease.docx", bytes: makeDocx(["first"]) });
    await updateDocumentVersion(admin.ctx, doc.id, { name: "Lease signed.pdf", bytes: await makePdfForm(["signed"]) });

    const first = await getPdf(admin.accessToken, doc.id, "?version=1");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toContain('attachment; filename="Lease.pdf"');
    expect(new TextDecoder().decode(new Uint8Array(await first.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const v1 = await db.documentContent.findFirstOrThrow({ where: { documentId: doc.id, version: 1 } });
    expect((v1.metadata as { pdfPath?: string }).pdfPath).toMatch(/v1\.docx\.rendition\.pdf$/);
    expect(
      await db.audit.count({
        where: { targetId: doc.id, eventType: "document.downloaded", payload: { equals: { version: 1, format: "pdf" } } },
      }),
    ).toBe(1);

    const second = await getPdf(admin.accessToken, doc.id, "?version=2&inline=1");
    expect(second.headers.get("content-disposition")).toContain('inline; filename="Lease signed.pdf"');
    // Without ?version= the latest.
    expect((await getPdf(admin.accessToken, doc.id)).headers.get("content-disposition")).toContain('filename="Lease signed.pdf"');

    expect((await getPdf(admin.accessToken, doc.id, "?version=3")).status).toBe(404);
    expect((await getPdf(admin.accessToken, doc.id, "?version=0")).status).toBe(400);
    expect((await getPdf(admin.accessToken, doc.id, "?version=first")).status).toBe(400);

    // A member without a role on it, and another workspace: not found, nothing converted or audited.
    const member = await signedInAs((await addMember(account.id, "Member")).id, account.id);
    const outsider = await createAccount("PdfRouteB");
    const other = await signedInAs(outsider.owner.id, outsider.account.id);
    for (const token of [member.accessToken, other.accessToken]) {
      const refused = await getPdf(token, doc.id, "?version=1");
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.code).toBe("NOT_FOUND");
    }
    // The two downloads; the PDF shown in the page (inline) is not one.
    expect(await db.audit.count({ where: { targetId: doc.id, eventType: "document.downloaded" } })).toBe(2);
  });

  it("says in the caller's language that a Word version needs LibreOffice when it is not installed", async () => {
    process.env.SOFFICE_PATH = "/nonexistent/soffice";
    const { account, owner } = await createAccount("PdfRouteNone");
    const admin = await signedInAs(owner.id, account.id);
    const doc = await createDocumentFromUpload(admin.ctx, {}, { name: "Lease.pdf", bytes: await makePdfForm(["a"]) });
    await updateDocumentVersion(admin.ctx, doc.id, { name: "Lease v2.docx", bytes: makeDocx(["second"]) });
    // The PDF version needs no converter.
    expect((await getPdf(admin.accessToken, doc.id, "?version=1")).status).toBe(200);
    const refused = await getPdf(admin.accessToken, doc.id, "?version=2", { "x-language": "es" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "CONVERTER_UNAVAILABLE", message: es.errors.CONVERTER_UNAVAILABLE });
  });
});
