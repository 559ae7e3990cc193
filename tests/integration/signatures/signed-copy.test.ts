import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import { runOperation } from "@/lib/operations/operation";
import { downloadSealedDocumentOperation } from "@/lib/sealing/sealing-operations";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signingResultOperation } from "@/lib/signatures/signature-operations";
import { signDocument } from "@/lib/signatures/sign-document";
import { storage } from "@/lib/storage/storage";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

/**
 * A signer who is not the last (issue 39, item 8): /thanks says their signature is recorded and
 * offers what they signed, when the sender allows downloads; the sealed copy replaces it once
 * everyone has signed.
 */
afterAll(() => stopJobs());

describe("what a signer signed, before the seal", () => {
  it("is theirs to download once they have signed, when allowed; not before, and not when the sender forbids it", async () => {
    const { ctx, document } = await pdfContract("Signed copy");
    const [first, second] = await addSigners(ctx, document.id, [1, 2]);
    await db.signature.update({ where: { id: second.id }, data: { settings: { allowDownload: false } } });
    await requestSignatures(ctx, document.id);
    const token1 = await signingToken(first.email);
    expect(await runOperation(signingResultOperation, signerContext(token1), {})).toMatchObject({
      signed: false,
      signerSigned: false,
      download: true,
    });
    // Not signed yet: nothing of theirs to download.
    await expect(runOperation(downloadSealedDocumentOperation, signerContext(token1), {})).rejects.toMatchObject({ code: "NOT_FOUND" });

    await signDocument(signerContext(token1), { kind: "typed", typedName: "Signer One", files: [] });
    expect(await runOperation(signingResultOperation, signerContext(token1), {})).toMatchObject({
      name: "Signed copy contract",
      signed: false,
      signerSigned: true,
      download: true,
    });
    const response = (await runOperation(downloadSealedDocumentOperation, signerContext(token1), {})) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/pdf");
    const version = await db.documentContent.findFirstOrThrow({ where: { documentId: document.id }, orderBy: { version: "desc" } });
    const stored = await storage().get(version.path);
    const original = Buffer.from(await new Response(stored!.stream).arrayBuffer());
    expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
    expect(await db.audit.count({ where: { eventType: "signature.signedCopyDownloaded", targetId: first.id } })).toBe(1);

    // The second signer's sender forbade downloads.
    const token2 = await signingToken(second.email);
    expect(await runOperation(signingResultOperation, signerContext(token2), {})).toMatchObject({ download: false });
    await expect(runOperation(downloadSealedDocumentOperation, signerContext(token2), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
