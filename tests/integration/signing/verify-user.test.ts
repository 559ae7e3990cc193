import { afterAll, describe, expect, it } from "vitest";
import { GET as verifyUserRoute } from "@/app/vapp/signing/verify-user/route";
import { createApprovalOperation, requestApprovalsOperation, reviewDocumentOperation } from "@/lib/approvals/approval-operations";
import { stopJobs } from "@/lib/jobs/queue";
import { runOperation } from "@/lib/operations/operation";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { declineSignature } from "@/lib/signatures/decline-signature";
import { verifyUserOperation } from "@/lib/signing/verify-user-operations";
import { signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { params } from "@/tests/factories/http";
import { approvalLinkFor, approvalWorkspace, reviewerCtx } from "../approvals/approval-fixtures";
import { addSigners, pdfContract, signerContext, signingToken } from "../signatures/helpers";

/** "verify user": who a signed link speaks for, checked like every other use of the link. */
afterAll(() => stopJobs());

describe("verifyUser", () => {
  it("names the reviewer, the document and the workspace, also after the decision; a tampered token is refused", async () => {
    const w = await approvalWorkspace();
    const approval = await runOperation(createApprovalOperation, w.ctx, {
      documentId: w.document.id,
      email: w.lawyer,
      firstName: "Laura",
      lastName: "Law",
      order: 1,
    });
    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    const { token } = await approvalLinkFor(w.lawyer);

    const before = await runOperation(verifyUserOperation, reviewerCtx(token), {});
    expect(before).toMatchObject({
      purpose: "approval",
      recordId: approval.id,
      email: w.lawyer,
      name: "Laura Law",
      documentId: w.document.id,
      documentName: "Supply agreement",
      accountName: w.account.name,
      state: "pending",
    });
    expect(new Date(before.expiresAt).getTime()).toBeGreaterThan(Date.now());

    await runOperation(reviewDocumentOperation, reviewerCtx(token), { id: approval.id, isApproved: true });
    expect(await runOperation(verifyUserOperation, reviewerCtx(token), {})).toMatchObject({ state: "approved" });

    const tampered = `${token.slice(0, -2)}xx`;
    await expect(runOperation(verifyUserOperation, reviewerCtx(tampered), {})).rejects.toMatchObject({ code: "SIGNING_LINK_INVALID" });
  }, 60_000);

  it("names the signer over REST (no cookie) and GraphQL, and says when they declined", async () => {
    const contract = await pdfContract("Verify user");
    const [signer] = await addSigners(contract.ctx, contract.document.id, [1]);
    await requestSignatures(contract.ctx, contract.document.id);
    const token = await signingToken(signer.email);

    const response = await verifyUserRoute(
      new Request("http://localhost:3000/vapp/signing/verify-user", { headers: { signed: token } }),
      params({}),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      purpose: "signature",
      recordId: signer.id,
      email: signer.email,
      name: "Signer1",
      documentId: contract.document.id,
      documentName: "Verify user contract",
      state: "pending",
    });

    await declineSignature(signerContext(token), { reason: "Wrong amount" });
    const result = await graphql<{ verifyUser: { purpose: string; state: string; email: string } }>(
      "{ verifyUser { purpose state email } }",
      { headers: { signed: token } },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.verifyUser).toEqual({ purpose: "signature", state: "declined", email: signer.email });

    // A member's session is no signed link.
    const { accessToken } = await signedInAs(contract.owner.id, contract.account.id);
    const member = await graphql("{ verifyUser { email } }", { accessToken });
    expect(member.data).toBeNull();
    expect(member.errors?.[0]?.extensions.code).toBe("SIGNING_LINK_INVALID");
  }, 60_000);
});
