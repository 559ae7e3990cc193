import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as reviewRoute from "@/app/vapp/approvals/[id]/review/route";
import * as validRoute from "@/app/vapp/approvals/valid/route";
import * as fileRoute from "@/app/vapp/approvals/valid/file/route";
import * as messagesRoute from "@/app/vapp/approvals/messages/[approvalId]/route";
import {
  approvalFileOperation,
  approvalMessagesOperation,
  createApprovalOperation,
  requestApprovalsOperation,
  sendApprovalMessageOperation,
} from "@/lib/approvals/approval-operations";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { runOperation } from "@/lib/operations/operation";
import { addMember, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { approvalLinkFor, approvalWorkspace, reviewerCtx } from "./approval-fixtures";

type W = Awaited<ReturnType<typeof approvalWorkspace>>;
async function requested(w: W, settings: Record<string, boolean> = {}) {
  const approval = await runOperation(createApprovalOperation, w.ctx, {
    documentId: w.document.id,
    email: w.lawyer,
    firstName: "Laura",
    settings,
  });
  await runOperation(requestApprovalsOperation, w.ctx, { documentId: w.document.id });
  return { approval, token: (await approvalLinkFor(w.lawyer)).token };
}

describe("approval threads", () => {
  it("the reviewer and members write; the thread pages newest first with a cursor", async () => {
    const w = await approvalWorkspace();
    const { approval, token } = await requested(w);
    for (const text of ["First question", "Second question", "Third question"]) {
      await runOperation(sendApprovalMessageOperation, reviewerCtx(token), { approvalId: approval.id, data: text });
    }
    const reply = await runOperation(sendApprovalMessageOperation, w.ctx, { approvalId: approval.id, data: "Answered" });
    expect(reply).toMatchObject({ byReviewer: false, authorName: "Ana User" });

    const first = await runOperation(approvalMessagesOperation, reviewerCtx(token), { approvalId: approval.id, size: 2 });
    expect(first.items.map((m) => m.message)).toEqual(["Answered", "Third question"]);
    const second = await runOperation(approvalMessagesOperation, w.ctx, {
      approvalId: approval.id,
      size: 2,
      cursorId: first.nextCursorId!,
    });
    expect(second.items.map((m) => m.message)).toEqual(["Second question", "First question"]);
    expect(second.nextCursorId).toBeNull();
    expect(second.items[0]).toMatchObject({ byReviewer: true, authorName: "Laura", authorEmail: w.lawyer });
    expect(await db.audit.count({ where: { targetId: w.document.id, eventType: "approval.message" } })).toBe(4);
  });

  it("no messages when the approval does not allow them; a reader of the document reads but does not write", async () => {
    const w = await approvalWorkspace();
    const { approval, token } = await requested(w, { allowComment: false });
    await expect(
      runOperation(sendApprovalMessageOperation, reviewerCtx(token), { approvalId: approval.id, data: "Hello" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const reader = await createUser();
    await addMember(w.account.id, "Member", reader);
    await upsertDocumentPolicy(w.ctx, w.document.id, { userId: reader.id, role: "reader" });
    const readerCtx = (await signedInAs(reader.id, w.account.id)).ctx;
    await expect(runOperation(approvalMessagesOperation, readerCtx, { approvalId: approval.id })).resolves.toMatchObject({ items: [] });
    await expect(runOperation(sendApprovalMessageOperation, readerCtx, { approvalId: approval.id, data: "Hi" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      runOperation(createApprovalOperation, readerCtx, { documentId: w.document.id, email: "x@example.test" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("the file is shown inline to any valid token; downloading it needs allowDownload", async () => {
    const w = await approvalWorkspace();
    const { token } = await requested(w, { allowDownload: false });
    const inline = await runOperation(approvalFileOperation, reviewerCtx(token), { inline: "1" });
    expect(inline.status).toBe(200);
    await expect(runOperation(approvalFileOperation, reviewerCtx(token), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("the reviewer over HTTP and GraphQL", () => {
  it("the signed header opens the screen's data, a tampered one is SIGNING_LINK_INVALID, and GraphQL decides once", async () => {
    const w = await approvalWorkspace();
    const { approval, token } = await requested(w);
    const valid = await validRoute.GET(jsonRequest("GET", "/vapp/approvals/valid", { headers: { signed: token } }), params({}));
    expect(valid.status).toBe(200);
    expect(await valid.json()).toMatchObject({ approval: { id: approval.id, state: "requested" }, document: { name: "Supply agreement" } });
    // A plain link with ?signed= works for the file.
    const file = await fileRoute.GET(
      jsonRequest("GET", `/vapp/approvals/valid/file?inline=1&signed=${encodeURIComponent(token)}`),
      params({}),
    );
    expect(file.status).toBe(200);

    const tampered = `${token.slice(0, -2)}${token.endsWith("xx") ? "yy" : "xx"}`;
    const refused = await validRoute.GET(jsonRequest("GET", "/vapp/approvals/valid", { headers: { signed: tampered } }), params({}));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "SIGNING_LINK_INVALID", details: { reason: "invalid" } } });

    // A write with the signed header and no cookies needs no CSRF token.
    const posted = await messagesRoute.POST(
      jsonRequest("POST", `/vapp/approvals/messages/${approval.id}`, {
        headers: { signed: token },
        body: { data: "Over REST" },
        csrf: false,
      }),
      params({ approvalId: approval.id }),
    );
    expect(posted.status).toBe(201);

    const decide = `mutation($id: ID!) { reviewDocument(id: $id, isApproved: true, comment: "Fine") { id state comment } }`;
    const first = await graphql<{ reviewDocument: { state: string } }>(decide, {
      variables: { id: approval.id },
      headers: { signed: token },
    });
    expect(first.data?.reviewDocument).toMatchObject({ state: "approved", comment: "Fine" });
    const again = await reviewRoute.POST(
      jsonRequest("POST", `/vapp/approvals/${approval.id}/review`, {
        headers: { signed: token },
        body: { isApproved: false },
        csrf: false,
      }),
      params({ id: approval.id }),
    );
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: { details: { reason: "completed" } } });

    const listed = await graphql<{ approvals: { items: { state: string }[]; approvalProcess: string } }>(
      `
        query ($documentId: ID!) {
          approvals(documentId: $documentId, size: 10) {
            items {
              state
            }
            approvalProcess
            nextCursorId
          }
        }
      `,
      { accessToken: w.accessToken, variables: { documentId: w.document.id } },
    );
    expect(listed.data?.approvals).toMatchObject({ items: [{ state: "approved" }], approvalProcess: "sequential" });
  });
});
