import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approvalsComplete } from "@/lib/approvals/approvals-complete";
import { approvalLink } from "@/lib/approvals/approval-emails";
import {
  createApprovalOperation,
  fetchValidApprovalOperation,
  listApprovals,
  requestApprovalOperation,
  requestApprovalsOperation,
  reviewDocumentOperation,
  setApprovalProcessOperation,
} from "@/lib/approvals/approval-operations";
import { runOperation } from "@/lib/operations/operation";
import { approvalEmails, approvalLinkFor, approvalWorkspace, reviewerCtx } from "./approval-fixtures";

/** Approvals end to end through the declarations (docs/approvals-and-signatures.md, "Approvals"). */
type W = Awaited<ReturnType<typeof approvalWorkspace>>;
const add = (w: W, input: Record<string, unknown>) => runOperation(createApprovalOperation, w.ctx, { documentId: w.document.id, ...input });
const review = (token: string, id: string, isApproved: boolean, comment?: string) =>
  runOperation(reviewDocumentOperation, reviewerCtx(token), { id, isApproved, ...(comment ? { comment } : {}) });
const statusOf = async (documentId: string) => (await db.document.findUniqueOrThrow({ where: { id: documentId } })).status;
const stateOf = async (w: W) =>
  Object.fromEntries((await runOperation(listApprovals, w.ctx, { documentId: w.document.id })).items.map((a) => [a.email, a.state]));

describe("a sequential approval process", () => {
  it("asks each order in turn, emails the next round by itself, and approves the document at the end", async () => {
    const w = await approvalWorkspace();
    const first = await add(w, { userId: w.colleague.id, order: 1 });
    const second = await add(w, { email: w.lawyer, firstName: "Laura", lastName: "Law", order: 2, settings: { allowDownload: false } });
    expect(first).toMatchObject({ email: w.colleague.email, userId: w.colleague.id, state: "created" });

    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    expect(await stateOf(w)).toEqual({ [w.colleague.email]: "requested", [w.lawyer]: "created" });
    expect(await statusOf(w.document.id)).toBe("toReview");
    expect(await approvalEmails(w.lawyer)).toHaveLength(0);
    const colleagueMail = (await approvalEmails(w.colleague.email))[0];
    expect(colleagueMail).toMatchObject({ accountId: w.account.id, documentId: w.document.id, locale: "es" });
    // The second approver is not asked out of turn.
    await expect(runOperation(requestApprovalOperation, w.ctx, { id: second.id })).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      details: { reason: "notYourTurn" },
    });

    const { url, token } = await approvalLinkFor(w.colleague.email);
    expect(url.startsWith("http://localhost:3000/review?signed=")).toBe(true);
    const view = await runOperation(fetchValidApprovalOperation, reviewerCtx(token), {});
    expect(view).toMatchObject({ document: { id: w.document.id, name: "Supply agreement" }, approval: { id: first.id } });
    expect(view.html).toContain("Supply terms");
    await runOperation(fetchValidApprovalOperation, reviewerCtx(token), {});
    expect(await db.audit.count({ where: { eventType: "approval.viewed", targetId: w.document.id } })).toBe(1);

    await review(token, first.id, true, "Fine by me");
    expect(await stateOf(w)).toEqual({ [w.colleague.email]: "approved", [w.lawyer]: "requested" });
    expect(await statusOf(w.document.id)).toBe("toReview");
    expect(await approvalsComplete(w.document.id)).toBe(false);

    const lawyer = await approvalLinkFor(w.lawyer);
    // Asked by itself after the colleague's decision, on behalf of the author who sent it.
    expect((await approvalEmails(w.lawyer))[0].subject).toBe("Ana User asks you to approve “Supply agreement”");
    await review(lawyer.token, second.id, true);
    expect(await statusOf(w.document.id)).toBe("approved");
    expect(await approvalsComplete(w.document.id)).toBe(true);
    const events = await db.audit.findMany({
      where: { targetId: w.document.id, eventType: { startsWith: "approval." } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.eventType)).toEqual([
      "approval.created",
      "approval.created",
      "approval.requested",
      "approval.viewed",
      "approval.approved",
      "approval.requested",
      "approval.approved",
    ]);
    const decided = events.find((e) => e.eventType === "approval.approved")!;
    expect(decided).toMatchObject({ via: "signed", ip: "203.0.113.9", userAgent: "vitest-reviewer", userId: null });
    // The author (the document's owner and the requester) hears of both decisions, once each.
    const told = await approvalEmails(w.author.email, "approvalDecided");
    expect(told).toHaveLength(2);
    expect(told[0].text).toContain(`/d/${w.document.id}/view`);
  });

  it("a replayed decision is refused as completed, and the link no longer opens", async () => {
    const w = await approvalWorkspace();
    const only = await add(w, { email: w.lawyer });
    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    const { token } = await approvalLinkFor(w.lawyer);
    await review(token, only.id, true);
    await expect(review(token, only.id, false)).rejects.toMatchObject({ code: "SIGNING_LINK_INVALID", details: { reason: "completed" } });
    await expect(runOperation(fetchValidApprovalOperation, reviewerCtx(token), {})).rejects.toMatchObject({
      details: { reason: "completed" },
    });
    expect(await stateOf(w)).toEqual({ [w.lawyer]: "approved" });
  });

  it("two decisions at the same instant give one outcome", async () => {
    const w = await approvalWorkspace();
    const only = await add(w, { email: w.lawyer });
    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    const { token } = await approvalLinkFor(w.lawyer);
    const results = await Promise.allSettled([review(token, only.id, true), review(token, only.id, false)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { code: "SIGNING_LINK_INVALID", details: { reason: "completed" } },
    });
    const row = await db.approval.findUniqueOrThrow({ where: { id: only.id } });
    expect(Boolean(row.approvedAt) !== Boolean(row.rejectedAt)).toBe(true);
    const decisions = await db.audit.count({
      where: { targetId: w.document.id, eventType: { in: ["approval.approved", "approval.rejected"] } },
    });
    expect(decisions).toBe(1);
    expect(await statusOf(w.document.id)).toBe(row.approvedAt ? "approved" : "rejected");
  });
});

describe("a parallel approval process", () => {
  it("asks everyone at once; a rejection stops it and ends the other open links", async () => {
    const w = await approvalWorkspace();
    await runOperation(setApprovalProcessOperation, w.ctx, { documentId: w.document.id, approvalProcess: "parallel" });
    const first = await add(w, { userId: w.colleague.id, order: 1 });
    const second = await add(w, { email: w.lawyer, order: 2 });
    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    expect(await stateOf(w)).toEqual({ [w.colleague.email]: "requested", [w.lawyer]: "requested" });
    // No change of process while requests are open.
    await expect(
      runOperation(setApprovalProcessOperation, w.ctx, { documentId: w.document.id, approvalProcess: "sequential" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });

    const colleague = await approvalLinkFor(w.colleague.email);
    const lawyer = await approvalLinkFor(w.lawyer);
    // Asked by itself after the colleague's decision, on behalf of the author who sent it.
    expect((await approvalEmails(w.lawyer))[0].subject).toBe("Ana User asks you to approve “Supply agreement”");
    await review(lawyer.token, second.id, false, "Clause 4 is unacceptable");
    expect(await statusOf(w.document.id)).toBe("rejected");
    expect(await stateOf(w)).toEqual({ [w.colleague.email]: "cancelled", [w.lawyer]: "rejected" });
    await expect(review(colleague.token, first.id, true)).rejects.toMatchObject({
      code: "SIGNING_LINK_INVALID",
      details: { reason: "cancelled" },
    });
    expect(await approvalsComplete(w.document.id)).toBe(false);
    const rejected = await approvalEmails(w.author.email, "approvalDecided");
    expect(rejected[0].subject).toContain("rejected");
    expect(rejected[0].text).toContain("Clause 4 is unacceptable");

    // Sending again starts over: every decision cleared, everyone asked anew.
    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    expect(await stateOf(w)).toEqual({ [w.colleague.email]: "requested", [w.lawyer]: "requested" });
    expect(await statusOf(w.document.id)).toBe("toReview");
  });

  it("a re-sent link replaces the older one", async () => {
    const w = await approvalWorkspace();
    const only = await add(w, { email: w.lawyer });
    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    // The first request, moved a minute back: the link signed for it, then a re-send at a later instant.
    const backdated = await db.approval.update({ where: { id: only.id }, data: { requestedAt: new Date(Date.now() - 60_000) } });
    const stale = new URL(approvalLink(backdated)).searchParams.get("signed")!;
    await runOperation(requestApprovalOperation, w.ctx, { id: only.id });
    const fresh = await approvalLinkFor(w.lawyer);
    expect(fresh.token).not.toBe(stale);
    await expect(review(stale, only.id, true)).rejects.toMatchObject({ details: { reason: "replaced" } });
    expect(await approvalEmails(w.lawyer)).toHaveLength(2);
    await review(fresh.token, only.id, true);
  });
});

describe("email preferences and autoApproveDocPolicy", () => {
  it("successApprovals off: the owner is not emailed decisions", async () => {
    const w = await approvalWorkspace();
    await db.user.update({
      where: { id: w.author.id },
      data: { emailPreferences: { successApprovals: false, docSigned: true, signs: true, tips: true } },
    });
    const only = await add(w, { email: w.lawyer });
    await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
    await review((await approvalLinkFor(w.lawyer)).token, only.id, true);
    expect(await approvalEmails(w.author.email, "approvalDecided")).toHaveLength(0);
  });

  it("with the setting on an internal approver gets a reader policy; off, they act by the link only", async () => {
    const on = await approvalWorkspace({ autoApproveDocPolicy: true });
    await add(on, { userId: on.colleague.id });
    await runOperation(requestApprovalsOperation, on.ctx, { documentId: on.document.id });
    expect(await db.documentPolicy.findFirst({ where: { documentId: on.document.id, userId: on.colleague.id } })).toMatchObject({
      role: "reader",
      status: "active",
    });
    const off = await approvalWorkspace({ autoApproveDocPolicy: false });
    await add(off, { userId: off.colleague.id });
    await runOperation(requestApprovalsOperation, off.ctx, { documentId: off.document.id });
    expect(await db.documentPolicy.findFirst({ where: { documentId: off.document.id, userId: off.colleague.id } })).toBeNull();
  });
});
