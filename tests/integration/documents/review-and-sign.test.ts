import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createApproval } from "@/lib/approvals/create-approval";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { setSignProcess } from "@/lib/signatures/set-sign-process";
import { addSigners, pdfContract } from "@/tests/integration/signatures/helpers";

/**
 * Signing asked for while the review is still open (signAfterApproval off), as the work queue's
 * browser test does: the one status writer (lib/documents/change-document-status.ts) takes the
 * document from its review to toSign, as the services did before it checked the table.
 */
describe("a review and signatures at once", () => {
  it("moves a document under review to toSign when signatures are requested without waiting", async () => {
    const { ctx, document } = await pdfContract("Review and sign");
    await setSignProcess(ctx, document.id, { signProcess: "parallel", signAfterApproval: false });
    await createApproval(ctx, { documentId: document.id, email: "lawyer@example.test" });
    await requestApprovals(ctx, document.id);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("toReview");
    await addSigners(ctx, document.id, [1]);
    expect(await requestSignatures(ctx, document.id)).toHaveLength(1);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("toSign");
    expect(
      await db.audit.findFirst({ where: { targetId: document.id, eventType: "document.statusUpdated" }, orderBy: { createdAt: "desc" } }),
    ).toMatchObject({
      payload: expect.objectContaining({ from: "toReview", to: "toSign" }),
    });
  });
});
