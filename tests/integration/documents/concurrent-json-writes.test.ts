import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { documentPageCount } from "@/lib/documents/page-images";
import { getDocumentPdf } from "@/lib/documents/pdf-rendition";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { makeTextPdf } from "@/tests/fixtures/pdf";
import { fakeSoffice } from "@/tests/fixtures/fake-soffice";

/**
 * A version's metadata written at the same time (the PDF download, the signer's pages, the text
 * job): each write adds its key and keeps the others'. Before, the page count was written over the
 * metadata read before the PDF rendition was made, so the rendition's key (pdfPath) was lost even
 * one call after the other, and two writes at once dropped each other's keys.
 */
const original = process.env.SOFFICE_PATH;
let admin: ServiceContext;
let accountId: string;

beforeAll(async () => {
  process.env.SOFFICE_PATH = await fakeSoffice(await makeTextPdf([["One"], ["Two"], ["Three"]]));
  const { account, owner } = await createAccount("Concurrent metadata");
  accountId = account.id;
  admin = (await signedInAs(owner.id, account.id)).ctx;
});

afterAll(() => {
  if (original === undefined) delete process.env.SOFFICE_PATH;
  else process.env.SOFFICE_PATH = original;
});

const wordDocument = (name: string) => createDocumentFromUpload(admin, { name }, { name: `${name}.docx`, bytes: makeDocx([name]) });
const metadataOf = async (documentId: string) =>
  (await db.documentContent.findFirstOrThrow({ where: { documentId } })) as { path: string; metadata: Record<string, unknown> };

describe("a version's metadata written at once", () => {
  it("keeps the PDF rendition's key when the page count is written after it", async () => {
    const document = await wordDocument("Counted");
    expect(await documentPageCount(accountId, document.id)).toBe(3);
    const content = await metadataOf(document.id);
    expect(content.metadata).toMatchObject({ pdfPath: `${content.path}.rendition.pdf`, pageCount: 3 });
  });

  it("keeps the rendition's key and the page count written at once", async () => {
    const document = await wordDocument("Raced");
    const [pdf, pages] = await Promise.all([getDocumentPdf(admin, document.id), documentPageCount(accountId, document.id)]);
    await pdf.stream.cancel();
    expect(pages).toBe(3);
    const content = await metadataOf(document.id);
    expect(content.metadata).toMatchObject({ pdfPath: `${content.path}.rendition.pdf`, pageCount: 3 });
  });
});
