import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { anonymousContext } from "@/lib/auth/context";
import { signedContext } from "@/lib/auth/get-request-context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { documentPageCountOperation, documentPageImageOperation } from "@/lib/documents/page-image-operations";
import { stopJobs } from "@/lib/jobs/queue";
import { runOperation } from "@/lib/operations/operation";
import { fetchValidSignature } from "@/lib/signatures/fetch-valid-signature";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signerLinkToken } from "@/lib/signatures/signature-emails";
import { signDocument } from "@/lib/signatures/sign-document";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

/**
 * Page images for a member, a reviewer of the document and a Word file without LibreOffice
 * (not sent; the screen of a signer asked before falls back to the HTML); the emails of a request and of the last
 * signature, honouring the owner's email preferences.
 */
afterAll(() => stopJobs());

describe("pages", () => {
  it("a member with reader and the document's reviewer see the page images", async () => {
    const { ctx, document, account } = await pdfContract("Pages");
    const count = await runOperation(documentPageCountOperation, ctx, { id: document.id });
    expect(count.pageCount).toBe(2);
    const approval = await db.approval.create({
      data: { accountId: account.id, documentId: document.id, email: "reviewer@example.test", requestedAt: new Date() },
    });
    const token = signSigningToken({
      typ: "approval",
      rid: approval.id,
      did: document.id,
      aid: account.id,
      email: approval.email,
      rat: approval.requestedAt!.getTime(),
    });
    const reviewer = signedContext(anonymousContext(), token);
    const response = await runOperation(documentPageImageOperation, reviewer, { id: document.id, page: 1 });
    expect(response.headers.get("content-type")).toBe("image/png");
    // A reviewer's token is not a signer's.
    expect(await fetchValidSignature(reviewer).catch((e) => e)).toMatchObject({ code: "SIGNING_LINK_INVALID" });
  });

  it("a Word document without LibreOffice: CONVERTER_UNAVAILABLE, it cannot be sent, and a signer asked before gets its HTML", async () => {
    const previous = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = "/nonexistent/soffice";
    try {
      const { ctx } = await pdfContract("Word");
      const document = await createDocumentFromUpload(
        ctx,
        { name: "Word contract" },
        { name: "w.docx", bytes: makeDocx(["Word terms to sign"]) },
      );
      expect(await runOperation(documentPageCountOperation, ctx, { id: document.id }).catch((e) => e)).toMatchObject({
        code: "CONVERTER_UNAVAILABLE",
      });
      const [signer] = await addSigners(ctx, document.id, [1]);
      // Sending it is refused (lib/signatures/signable-file.ts): it could never be sealed here.
      expect(await requestSignatures(ctx, document.id).catch((e) => e)).toMatchObject({
        code: "CONVERTER_UNAVAILABLE",
        details: { reason: "wordSigning" },
      });
      // A signer asked while LibreOffice was still installed reads the Word file as HTML.
      const asked = await db.signature.update({ where: { id: signer.id }, data: { requestedAt: new Date() } });
      await db.document.update({ where: { id: document.id }, data: { status: "toSign" } });
      const view = await fetchValidSignature(signerContext(signerLinkToken(asked)));
      expect(view.document.pageCount).toBeNull();
      expect(view.document.html).toContain("Word terms to sign");
    } finally {
      if (previous === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = previous;
    }
  });
});

describe("emails", () => {
  it("the request names the document and links to /sign; the owner hears when all signed, unless they opted out", async () => {
    const { ctx, document, owner } = await pdfContract("Mail");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await requestSignatures(ctx, document.id);
    const request = await db.outboxEmail.findFirstOrThrow({ where: { to: signer.email, template: "signatureRequest" } });
    expect(request).toMatchObject({ documentId: document.id, accountId: document.accountId });
    expect(request.subject).toContain("Mail contract");
    expect(request.text).toMatch(/\/sign\?signed=/);
    await signDocument(signerContext(await signingToken(signer.email)), {
      kind: "uploaded",
      files: [{ name: "s.png", bytes: makePng(20, 10), field: "signature" }],
    });
    expect(await db.outboxEmail.count({ where: { to: owner.email, template: "signatureCompleted", documentId: document.id } })).toBe(1);

    const quiet = await pdfContract("Quiet");
    await db.user.update({
      where: { id: quiet.owner.id },
      data: { emailPreferences: { successApprovals: true, docSigned: false, signs: true, tips: true } },
    });
    const [other] = await addSigners(quiet.ctx, quiet.document.id, [1]);
    await requestSignatures(quiet.ctx, quiet.document.id);
    await signDocument(signerContext(await signingToken(other.email)), {
      kind: "uploaded",
      files: [{ name: "s.png", bytes: makePng(20, 10), field: "signature" }],
    });
    expect(await db.outboxEmail.count({ where: { to: quiet.owner.email, template: "signatureCompleted" } })).toBe(0);
  });
});
