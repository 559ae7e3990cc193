import { describe, expect, it } from "vitest";
import {
  createApprovalOperation,
  fetchValidApprovalOperation,
  listApprovals,
  requestApprovalsOperation,
  reviewDocumentOperation,
  setApprovalProcessOperation,
} from "@/lib/approvals/approval-operations";
import { db } from "@/lib/db";
import { runOperation } from "@/lib/operations/operation";
import { uniqueEmail } from "@/tests/factories";
import { approvalLinkFor, approvalWorkspace, reviewerCtx } from "./approval-fixtures";

/**
 * An approval's metadata written at the same time keeps every write's keys. Before, a reviewer's
 * first view wrote `viewedAt` over the metadata read when their link was checked, without the
 * document's lock every other approval write holds: a rejection by another reviewer at that
 * instant could lose the `cancelledAt` it had just written on this one (the ended request showed
 * as not sent), or the two deadlocked and one failed. The race needs a PostgreSQL server.
 */
describe("an approval's metadata written at once", () => {
  // A few rounds: how the writes interleave depends on timing. (The deadlock: the view held the
  // approval's row and waited for the audit chain's lock, which the rejection held while it
  // waited for that row.)
  it("keeps a request cancelled by a rejection while its reviewer opens the page", { timeout: 60_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const w = await approvalWorkspace();
      await runOperation(setApprovalProcessOperation, w.ctx, { documentId: w.document.id, approvalProcess: "parallel" });
      const viewers = [uniqueEmail("viewer"), uniqueEmail("viewer"), uniqueEmail("viewer")];
      const approvals = [];
      for (const email of viewers) approvals.push(await runOperation(createApprovalOperation, w.ctx, { documentId: w.document.id, email }));
      const rejecter = await runOperation(createApprovalOperation, w.ctx, { documentId: w.document.id, email: w.lawyer });
      await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
      const tokens = await Promise.all(viewers.map(async (email) => (await approvalLinkFor(email)).token));
      const rejecterToken = (await approvalLinkFor(w.lawyer)).token;

      const [rejected, ...views] = await Promise.allSettled([
        runOperation(reviewDocumentOperation, reviewerCtx(rejecterToken), { id: rejecter.id, isApproved: false }),
        ...tokens.map((token) => runOperation(fetchValidApprovalOperation, reviewerCtx(token), {})),
      ]);
      expect(rejected.status).toBe("fulfilled");
      const states = (await runOperation(listApprovals, w.ctx, { documentId: w.document.id })).items;
      for (const [i, approval] of approvals.entries()) {
        expect(states.find((a) => a.id === approval.id)?.state).toBe("cancelled");
        const metadata = (await db.approval.findUniqueOrThrow({ where: { id: approval.id } })).metadata as Record<string, unknown>;
        expect(metadata.cancelledAt).toEqual(expect.any(String));
        // A view that got in before the rejection is kept; one after it was refused as cancelled.
        if (views[i].status === "fulfilled") expect(metadata.viewedAt).toEqual(expect.any(String));
        else expect(views[i].reason).toMatchObject({ code: "SIGNING_LINK_INVALID" });
      }
    }
  });
});
