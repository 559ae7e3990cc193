import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as remindRoute from "@/app/vapp/signatures/[id]/remind/route";
import type { ServiceContext } from "@/lib/auth/context";
import { openTrackingUrl, recordEmailOpen } from "@/lib/email/email-open";
import { jobContext } from "@/lib/jobs/job";
import { stopJobs } from "@/lib/jobs/queue";
import { createReminder } from "@/lib/reminders/reminders";
import { sendDueReminders } from "@/lib/reminders/reminders-job";
import { remindSlowSigners, SIGNATURE_REMINDER_DAYS } from "@/lib/reminders/signature-reminders-job";
import { fetchValidSignature } from "@/lib/signatures/fetch-valid-signature";
import { findSignatures } from "@/lib/signatures/find-signatures";
import { remindSigner } from "@/lib/signatures/remind-signer";
import { markRequested } from "@/lib/signatures/request-signatures";
import { sendSignatureRequestEmails } from "@/lib/signatures/signature-emails";
import { verifySigningToken } from "@/lib/signing/signing-tokens";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { createApprovalOperation, listApprovals, requestApprovalsOperation } from "@/lib/approvals/approval-operations";
import { runOperation } from "@/lib/operations/operation";
import { approvalLinkFor, approvalWorkspace } from "@/tests/integration/approvals/approval-fixtures";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

/**
 * Reminders that work for people outside the workspace (issue 39 item 9): "Remind now" and the
 * automatic reminders send the link the signer already holds (same token, still valid), "Send
 * again" makes a new one, the document's reminders give an outside signer their signing link and
 * anyone else outside no login link, and the signers list carries each email's status.
 */
afterAll(() => stopJobs());

/**
 * Asks these signers to sign as a request does (marked requested, the document waiting for
 * signatures, their request emails with their links), without the checks of "Send for signature"
 * that this file does not test.
 */
async function request(ctx: ServiceContext, documentId: string, ids: string[]) {
  await db.$transaction(async (tx) => {
    const document = await tx.document.update({
      where: { id: documentId },
      data: { status: "toSign" },
      select: { id: true, accountId: true, name: true },
    });
    const signers = await tx.signature.findMany({ where: { id: { in: ids } }, orderBy: { order: "asc" } });
    await sendSignatureRequestEmails(tx, ctx, document, await markRequested(tx, ctx, documentId, signers));
  });
}

const tokenOf = (text: string) => decodeURIComponent(text.match(/\/sign\?signed=([^\s&]+)/)![1]!);
const reminderTo = (email: string) =>
  db.outboxEmail.findFirstOrThrow({ where: { to: email, template: "signatureReminder" }, orderBy: { createdAt: "desc" } });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "OK",
    (error: { code?: string; details?: { reason?: string } }) => [error.code, error.details?.reason].filter(Boolean).join(":"),
  );

let w: Awaited<ReturnType<typeof pdfContract>> & { reader: ServiceContext; readerToken: string; ownerToken: string };

beforeAll(async () => {
  const contract = await pdfContract("Remind now");
  const reader = await addMember(contract.account.id, "Member", await createUser({ firstName: "Rita" }));
  await db.documentPolicy.create({
    data: { accountId: contract.account.id, documentId: contract.document.id, userId: reader.id, role: "reader" },
  });
  const readerSession = await signedInAs(reader.id, contract.account.id);
  const ownerSession = await signedInAs(contract.owner.id, contract.account.id);
  w = { ...contract, reader: readerSession.ctx, readerToken: readerSession.accessToken, ownerToken: ownerSession.accessToken };
});

describe("Remind now", () => {
  it("emails the same link as the request, which still opens the document; the request's instant stays", async () => {
    const [first, second] = await addSigners(w.ctx, w.document.id, [1, 2]);
    await request(w.ctx, w.document.id, [first!.id]);
    const requested = await db.signature.findUniqueOrThrow({ where: { id: first!.id } });
    expect(second).toBeDefined();
    const requestToken = await signingToken(first!.email);

    const reminded = await remindSigner(w.ctx, first!.id);
    expect(reminded.requestedAt).toEqual(requested!.requestedAt);
    const reminder = await reminderTo(first!.email);
    expect(reminder).toMatchObject({ accountId: w.account.id, documentId: w.document.id, locale: "en" });
    expect(tokenOf(reminder.text)).toBe(requestToken);
    expect(verifySigningToken(requestToken)).toMatchObject({ ok: true, claims: { rid: first!.id } });
    // The link still opens the document: nothing ended.
    await expect(fetchValidSignature(signerContext(requestToken))).resolves.toMatchObject({ signature: { id: first!.id } });
    expect(
      await db.audit.findMany({ where: { eventType: "signature.reminded", targetId: first!.id }, select: { userId: true, payload: true } }),
    ).toEqual([{ userId: w.owner.id, payload: expect.objectContaining({ manual: true, reminders: 1 }) }]);

    // The signers list: the request and the reminder, the count, and the first view.
    const [listed] = await findSignatures(w.ctx, w.document.id);
    expect(listed).toMatchObject({ id: first!.id, reminders: 1, viewedAt: expect.any(Date) });
    expect(listed!.emails!.map((e) => [e.kind, e.status])).toEqual([
      ["request", "sent"],
      ["reminder", "sent"],
    ]);

    // Over REST, as the panel calls it.
    const response = await remindRoute.POST(
      jsonRequest("POST", `/vapp/signatures/${first!.id}/remind`, { headers: { authorization: `Bearer ${w.ownerToken}` } }),
      params({ id: first!.id }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: first!.id, state: "requested" });
    expect(tokenOf((await reminderTo(first!.email)).text)).toBe(requestToken);
  });

  it("is refused to a reader, in another workspace, before the request, out of turn, with an expired link and after signing", async () => {
    const [first, second] = await addSigners(w.ctx, w.document.id, [5, 6]);
    // The signers of the test above are done: these two are the ones in turn.
    await db.signature.updateMany({
      where: { documentId: w.document.id, id: { notIn: [first!.id, second!.id] } },
      data: { signedAt: new Date() },
    });
    expect(await codeOf(remindSigner(w.reader, first!.id))).toBe("FORBIDDEN");
    const other = await createAccount("Remind elsewhere");
    const stranger = (await signedInAs(other.owner.id, other.account.id)).ctx;
    expect(await codeOf(remindSigner(stranger, first!.id))).toBe("NOT_FOUND");
    expect(await codeOf(remindSigner(w.ctx, second!.id))).toBe("CONFLICT:notRequested");
    await db.signature.update({ where: { id: second!.id }, data: { requestedAt: new Date() } });
    expect(await codeOf(remindSigner(w.ctx, second!.id))).toBe("CONFLICT:notInTurn");
    // A request older than the links' life (30 days): its link has expired, and a reminder would carry a dead link.
    await db.signature.update({ where: { id: first!.id }, data: { requestedAt: new Date(Date.now() - 40 * 86_400_000) } });
    expect(await codeOf(remindSigner(w.ctx, first!.id))).toBe("CONFLICT:linkExpired");
    await db.signature.update({ where: { id: first!.id }, data: { requestedAt: new Date(), signedAt: new Date() } });
    expect(await codeOf(remindSigner(w.ctx, first!.id))).toBe("CONFLICT:signerFinished");
  });
});

describe("the automatic reminders", () => {
  it("carry the very token of the request email, and none once the link has expired", async () => {
    const { ctx, document } = await pdfContract("Automatic");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await request(ctx, document.id, [signer!.id]);
    const requestToken = await signingToken(signer!.email);
    const { requestedAt } = await db.signature.findUniqueOrThrow({ where: { id: signer!.id } });
    await remindSlowSigners(jobContext("auto"), new Date(Date.now() + (SIGNATURE_REMINDER_DAYS + 0.1) * 86_400_000));
    expect(tokenOf((await reminderTo(signer!.email)).text)).toBe(requestToken);
    expect(await db.signature.findUniqueOrThrow({ where: { id: signer!.id } })).toMatchObject({
      requestedAt,
      notification: expect.objectContaining({ reminders: 1 }),
    });

    // Forty days on (links live 30): the next run sends nothing and notes why.
    const [late] = await addSigners(ctx, document.id, [1]);
    await db.signature.update({ where: { id: late!.id }, data: { requestedAt: new Date(Date.now() - 40 * 86_400_000) } });
    await remindSlowSigners(jobContext("late"));
    expect(await db.outboxEmail.count({ where: { to: late!.email, template: "signatureReminder" } })).toBe(0);
    expect((await db.signature.findUniqueOrThrow({ where: { id: late!.id } })).notification).toMatchObject({
      reminderSkipped: "linkExpired",
    });
  });
});

describe("Send again", () => {
  it("makes a new link that ends the previous one, and the list no longer shows the reminder of the old link", async () => {
    const { ctx, document } = await pdfContract("Send again");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await request(ctx, document.id, [signer!.id]);
    const before = await signingToken(signer!.email);
    await remindSigner(ctx, signer!.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Send again: a new request (requestSignature's own rules are tested in signing-flow.test.ts).
    await request(ctx, document.id, [signer!.id]);
    const after = await signingToken(signer!.email);
    expect(after).not.toBe(before);
    await expect(fetchValidSignature(signerContext(before))).rejects.toMatchObject({ code: "SIGNING_LINK_INVALID" });
    const [listed] = await findSignatures(ctx, document.id);
    expect(listed!.emails!.map((e) => e.kind)).toEqual(["request"]);
  });
});

describe("the signers list's email status", () => {
  it("says delivered, failed and opened (with when), opened winning", async () => {
    const { ctx, document } = await pdfContract("Statuses");
    const signers = await addSigners(ctx, document.id, [1, 2, 3]);
    await request(
      ctx,
      document.id,
      signers.map((s) => s.id),
    );
    const emailOf = async (id: string) =>
      ((await db.signature.findUniqueOrThrow({ where: { id } })).notification as { emailId: string }).emailId;
    const [delivered, failed, opened] = await Promise.all(signers.map((s) => emailOf(s.id)));
    const at = new Date("2026-01-02T10:00:00Z");
    await db.outboxEmail.update({ where: { id: delivered! }, data: { status: "sent", sentAt: at, deliveredAt: at } });
    await db.outboxEmail.update({ where: { id: failed! }, data: { status: "failed", failedAt: at } });
    await db.outboxEmail.update({ where: { id: opened! }, data: { status: "sent", sentAt: at, deliveredAt: at } });
    const sig = new URL(openTrackingUrl(opened!, "http://localhost")).searchParams.get("sig");
    expect(await recordEmailOpen(opened!, "forged")).toBe(false);
    expect(await recordEmailOpen(opened!, sig)).toBe(true);

    const list = await findSignatures(ctx, document.id);
    const statusOf = (id: string) => list.find((s) => s.id === id)!.emails![0]!;
    expect(statusOf(signers[0]!.id)).toMatchObject({ kind: "request", status: "delivered", deliveredAt: at });
    expect(statusOf(signers[1]!.id)).toMatchObject({ status: "failed", failedAt: at });
    expect(statusOf(signers[2]!.id)).toMatchObject({ status: "opened", openedAt: expect.any(Date) });
    expect(list.every((s) => s.viewedAt === null && s.reminders === 0)).toBe(true);
  });
});

describe("a document's reminder to people outside the workspace", () => {
  it("gives an outside signer their signing link, a member the document's page, anyone else no login link", async () => {
    const { ctx, document, account, owner } = await pdfContract("Outside reminders");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await request(ctx, document.id, [signer!.id]);
    const requestToken = await signingToken(signer!.email);
    const ownerEmail = (await db.user.findUniqueOrThrow({ where: { id: owner.id } })).email;
    await createReminder(ctx, document.id, {
      name: "Sign before Friday",
      description: "The board meets on Monday.",
      notifyAt: new Date(Date.now() - 1000),
      contacts: [
        { name: "Sam", email: signer!.email },
        { name: "Olga Outside", email: "olga-outside-reminder@example.test" },
        { name: "Owner", email: ownerEmail },
      ],
    });
    await sendDueReminders(jobContext("outside"));

    const emails = await db.outboxEmail.findMany({ where: { documentId: document.id, template: { in: ["reminder", "reminderInfo"] } } });
    const to = (email: string) => emails.find((e) => e.to === email)!;
    expect(to(signer!.email).template).toBe("reminder");
    expect(tokenOf(to(signer!.email).text)).toBe(requestToken);
    expect(to(signer!.email).text).not.toContain("/d/");
    await expect(fetchValidSignature(signerContext(requestToken))).resolves.toMatchObject({ signature: { id: signer!.id } });

    const olga = to("olga-outside-reminder@example.test");
    expect(olga.template).toBe("reminderInfo");
    expect(olga.text).toContain("The board meets on Monday.");
    expect(olga.text).not.toContain("/d/");
    expect(olga.text).not.toContain("/login");
    expect(olga.html).not.toContain("<a href");

    expect(to(ownerEmail).template).toBe("reminder");
    expect(to(ownerEmail).text).toContain(`/d/${document.id}/view`);
    expect(account.id).toBe(to(ownerEmail).accountId);
  });
});

describe("approvers", () => {
  it("the approvers list carries the request email's status, and a document's reminder gives an outside reviewer their own link", async () => {
    const a = await approvalWorkspace();
    await runOperation(createApprovalOperation, a.ctx, { documentId: a.document.id, email: a.lawyer, firstName: "Laura", order: 1 });
    await runOperation(requestApprovalsOperation, a.ctx, { documentId: a.document.id });
    const { token } = await approvalLinkFor(a.lawyer);

    let [approver] = (await runOperation(listApprovals, a.ctx, { documentId: a.document.id })).items;
    expect(approver!.emails!.map((e) => [e.kind, e.status])).toEqual([["request", "sent"]]);
    const emailId = ((await db.approval.findUniqueOrThrow({ where: { id: approver!.id } })).notification as { emailId: string }).emailId;
    await recordEmailOpen(emailId, new URL(openTrackingUrl(emailId, "http://localhost")).searchParams.get("sig"));
    [approver] = (await runOperation(listApprovals, a.ctx, { documentId: a.document.id })).items;
    expect(approver!.emails![0]).toMatchObject({ status: "opened", openedAt: expect.any(Date) });

    await createReminder(a.ctx, a.document.id, {
      name: "Review before Friday",
      notifyAt: new Date(Date.now() - 1000),
      contacts: [{ name: "Laura", email: a.lawyer }],
    });
    await sendDueReminders(jobContext("reviewer"));
    const reminder = await db.outboxEmail.findFirstOrThrow({ where: { to: a.lawyer, template: "reminder", documentId: a.document.id } });
    const reminded = decodeURIComponent(reminder.text.match(/\/review\?signed=([^\s&]+)/)![1]!);
    expect(reminded).toBe(token);
    expect(reminder.text).not.toContain("/d/");
  });
});
