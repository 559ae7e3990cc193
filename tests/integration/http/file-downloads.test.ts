import { beforeAll, describe, expect, it } from "vitest";
import * as brand from "@/app/vapp/accounts/brand/[kind]/route";
import * as attachmentFile from "@/app/vapp/documents/[id]/attachments/[attachmentId]/route";
import * as documentFile from "@/app/vapp/documents/[id]/file/route";
import * as documentPdf from "@/app/vapp/documents/[id]/pdf/route";
import * as documentsExport from "@/app/vapp/documents/export/route";
import * as linkedAttachment from "@/app/vapp/links/view/attachments/[attachmentId]/route";
import * as linkedFile from "@/app/vapp/links/view/file/route";
import * as templatesExport from "@/app/vapp/templates/export/route";
import * as templateFile from "@/app/vapp/templates/[id]/file/route";
import * as sample from "@/app/vapp/templates/sample/route";
import * as avatar from "@/app/vapp/users/avatar/route";
import { uploadBrandImage } from "@/lib/accounts/brand-images";
import { anonymousContext } from "@/lib/auth/context";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { DOCX_MIME } from "@/lib/files/docx";
import { API_CSP, INLINE_FILE_CSP } from "@/lib/http/security-headers";
import { createDocumentLink } from "@/lib/links/document-links";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { createTemplate } from "@/lib/templates/templates";
import { uploadUserAvatar } from "@/lib/users/user-avatar";
import { createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";
import { makeTextPdf } from "@/tests/fixtures/pdf";

/**
 * Every route that streams a stored or generated file goes through lib/http/file-response.ts:
 * a download unless shown on purpose, a safe type, nosniff and a policy that runs nothing.
 */
type Setup = {
  accessToken: string;
  documentId: string;
  pdfAttachmentId: string;
  docxAttachmentId: string;
  templateId: string;
  linkToken: string;
};
let setup: Setup;

beforeAll(async () => {
  const { account, owner } = await createAccount("Downloads");
  const { ctx, accessToken } = await signedInAs(owner.id, account.id);
  const pdf = await makeTextPdf([["A signed lease."]]);
  const document = await createDocumentFromUpload(ctx, {}, { name: "Lease ñ.pdf", bytes: pdf });
  const pdfAttachment = await addDocumentAttachment(ctx, document.id, { name: "annex.pdf", bytes: pdf });
  const docxAttachment = await addDocumentAttachment(ctx, document.id, { name: "terms.docx", bytes: makeDocx(["Terms"]) });
  const template = await createTemplate(ctx, { name: "Offer" }, { name: "offer.docx", bytes: makeDocx(["Offer for [client]"]) });
  await uploadBrandImage(ctx, "logo", makePng(40, 10));
  await uploadUserAvatar(ctx, makePng(8, 8));
  const link = await createDocumentLink(ctx, document.id, { name: "Client" });
  const validation = await validateDocumentLink(anonymousContext({ ip: "10.1.2.3", userAgent: "vitest", locale: "en" }), link.id);
  if (validation.status !== "valid") throw new Error(validation.status);
  setup = {
    accessToken,
    documentId: document.id,
    pdfAttachmentId: pdfAttachment.id,
    docxAttachmentId: docxAttachment.id,
    templateId: template.id,
    linkToken: validation.accessToken,
  };
});

const get = (path: string, token = setup.accessToken) => jsonRequest("GET", path, { headers: { authorization: `Bearer ${token}` } });

async function expectDownload(response: Response, type: string, name: RegExp) {
  expect(
    response.status,
    await response
      .clone()
      .text()
      .then((t) => t.slice(0, 200)),
  ).toBe(200);
  expect(response.headers.get("content-type")).toBe(type);
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
  expect(response.headers.get("content-disposition")).toMatch(name);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toBe(API_CSP);
  expect(response.headers.get("x-frame-options")).toBe("DENY");
}

async function expectInline(response: Response, type: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(type);
  expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="/);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toBe(INLINE_FILE_CSP);
  expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
}

describe("downloads of stored files", () => {
  it("document file and its versions: attachment, or inline for the PDF view", async () => {
    const id = setup.documentId;
    await expectDownload(
      await documentFile.GET(get(`/vapp/documents/${id}/file`), params({ id })),
      "application/pdf",
      /filename\*=UTF-8''Lease%20%C3%B1\.pdf/,
    );
    await expectDownload(await documentFile.GET(get(`/vapp/documents/${id}/file?version=1`), params({ id })), "application/pdf", /Lease/);
    await expectInline(await documentFile.GET(get(`/vapp/documents/${id}/file?inline=1`), params({ id })), "application/pdf");
  });

  it("PDF rendition: attachment, or inline", async () => {
    const id = setup.documentId;
    await expectDownload(await documentPdf.GET(get(`/vapp/documents/${id}/pdf`), params({ id })), "application/pdf", /\.pdf/);
    await expectInline(await documentPdf.GET(get(`/vapp/documents/${id}/pdf?inline=1`), params({ id })), "application/pdf");
  });

  it("attachments: a PDF may be shown inline, a Word file is always a download", async () => {
    const id = setup.documentId;
    const pdf = { id, attachmentId: setup.pdfAttachmentId };
    const docx = { id, attachmentId: setup.docxAttachmentId };
    await expectDownload(
      await attachmentFile.GET(get(`/vapp/documents/${id}/attachments/${pdf.attachmentId}`), params(pdf)),
      "application/pdf",
      /annex\.pdf/,
    );
    await expectInline(
      await attachmentFile.GET(get(`/vapp/documents/${id}/attachments/${pdf.attachmentId}?inline=1`), params(pdf)),
      "application/pdf",
    );
    await expectDownload(
      await attachmentFile.GET(get(`/vapp/documents/${id}/attachments/${docx.attachmentId}?inline=1`), params(docx)),
      DOCX_MIME,
      /terms\.docx/,
    );
  });

  it("share-link downloads: the document and its attachments", async () => {
    const token = setup.linkToken;
    await expectDownload(await linkedFile.GET(get("/vapp/links/view/file", token)), "application/pdf", /Lease/);
    await expectInline(await linkedFile.GET(get("/vapp/links/view/file?inline=1", token)), "application/pdf");
    const attachmentId = setup.docxAttachmentId;
    await expectDownload(
      await linkedAttachment.GET(get(`/vapp/links/view/attachments/${attachmentId}`, token), params({ attachmentId })),
      DOCX_MIME,
      /terms\.docx/,
    );
  });

  it("template file and the sample template", async () => {
    const id = setup.templateId;
    await expectDownload(await templateFile.GET(get(`/vapp/templates/${id}/file`), params({ id })), DOCX_MIME, /offer\.docx/);
    await expectDownload(await sample.GET(get("/vapp/templates/sample?lang=en")), DOCX_MIME, /\.docx/);
  });

  it("CSV exports of the lists", async () => {
    await expectDownload(
      await documentsExport.GET(get("/vapp/documents/export")),
      "text/csv; charset=utf-8",
      /documents-\d{4}-\d{2}-\d{2}\.csv/,
    );
    await expectDownload(
      await templatesExport.GET(get("/vapp/templates/export")),
      "text/csv; charset=utf-8",
      /templates-\d{4}-\d{2}-\d{2}\.csv/,
    );
  });

  it("brand images and avatars: images for an <img>, inline but sandboxed", async () => {
    await expectInline(await brand.GET(get("/vapp/accounts/brand/logo"), params({ kind: "logo" })), "image/png");
    const picture = await avatar.GET(get("/vapp/users/avatar"));
    await expectInline(picture, "image/png");
    expect(picture.headers.get("cache-control")).toBe("private, no-cache");
  });
});
