import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import { fetchValidSignature } from "@/lib/signatures/fetch-valid-signature";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signDocument } from "@/lib/signatures/sign-document";
import { updateSigner } from "@/lib/signatures/manage-signers";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

/**
 * A signature's JSON written at the same time keeps every write's keys. Before, the first view
 * wrote `viewedAt` over the metadata it had read before the signer signed in another tab, and
 * dropped what the signature stored there (the typed name, a certificate's evidence); two
 * editors changing different settings of a signer at once lost one change.
 */
afterAll(() => stopJobs());

describe("a signature's JSON written at once", () => {
  it("keeps the typed name when the signer's page is opened while they sign", { timeout: 60_000 }, async () => {
    const { ctx, document } = await pdfContract("Viewed while signing");
    const [first] = await addSigners(ctx, document.id, [1, 2]);
    await requestSignatures(ctx, document.id);
    const token = await signingToken(first.email);
    const [viewed, signed] = await Promise.allSettled([
      fetchValidSignature(signerContext(token)),
      signDocument(signerContext(token), { kind: "typed", typedName: "First Signer", files: [] }),
    ]);
    expect(signed.status).toBe("fulfilled");
    const row = await db.signature.findUniqueOrThrow({ where: { id: first.id } });
    expect(row.metadata).toMatchObject({ typedName: "First Signer" });
    // The view either came first (and is kept) or was refused as finished.
    if (viewed.status === "fulfilled") expect((row.metadata as { viewedAt?: string }).viewedAt).toEqual(expect.any(String));
    else expect(viewed.reason).toMatchObject({ code: "SIGNING_LINK_INVALID" });
  });

  it("keeps both settings changed at once by two editors", async () => {
    const { ctx, document } = await pdfContract("Signer settings");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await Promise.all([
      updateSigner(ctx, signer.id, { settings: { allowDownload: false } }),
      updateSigner(ctx, signer.id, { settings: { sendReminders: false } }),
    ]);
    const row = await db.signature.findUniqueOrThrow({ where: { id: signer.id } });
    expect(row.settings).toMatchObject({ allowDownload: false, sendReminders: false });
  });
});
