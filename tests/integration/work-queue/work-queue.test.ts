import { beforeAll, describe, expect, it } from "vitest";
import { accessWritesSettled } from "@/lib/auth/get-request-context";
import { countStatements, db } from "@/lib/db";
import * as workQueueRoute from "@/app/vapp/work-queue/route";
import * as activityRoute from "@/app/vapp/activity/route";
import type { ServiceContext } from "@/lib/auth/context";
import { activityPage } from "@/lib/documents/activity";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { verifySigningToken } from "@/lib/signing/signing-tokens";
import { loadWorkQueue } from "@/lib/work-queue/work-queue";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The dashboard's work queue: what awaits a member (approvals and signatures asked of them, by
 * user or by address) and what waits on others (their documents with pending requests), with
 * counts, pages and a fixed number of queries. And the activity of an address.
 */
let w: {
  accountId: string;
  owner: { id: string; email: string };
  ownerCtx: ServiceContext;
  ownerToken: string;
  rita: { id: string; email: string };
  ritaCtx: ServiceContext;
  ritaToken: string;
  otherAccountId: string;
};

beforeAll(async () => {
  const { account, owner } = await createAccount("Queue");
  const rita = await addMember(account.id, "Member", await createUser({ firstName: "Rita" }));
  const ownerSession = await signedInAs(owner.id, account.id);
  const ritaSession = await signedInAs(rita.id, account.id);
  // Their first contexts record the memberships' access after the answer: not among counted statements.
  await accessWritesSettled();
  const other = await createAccount("Queue elsewhere");
  w = {
    accountId: account.id,
    owner: { id: owner.id, email: owner.email },
    ownerCtx: ownerSession.ctx,
    ownerToken: ownerSession.accessToken,
    rita: { id: rita.id, email: (await db.user.findUniqueOrThrow({ where: { id: rita.id } })).email },
    ritaCtx: ritaSession.ctx,
    ritaToken: ritaSession.accessToken,
    otherAccountId: other.account.id,
  };
});

const requested = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

async function document(name: string, status: "toReview" | "toSign" | "signing" | "cancelled" = "toReview") {
  const doc = await createDocumentFromUpload(w.ownerCtx, { name }, { name: "q.docx", bytes: makeDocx([name]) });
  await db.document.update({ where: { id: doc.id }, data: { status } });
  return doc;
}

/** What waits on others, with every count. */
const waitingPart = ({ counts, waiting }: Awaited<ReturnType<typeof loadWorkQueue>>) => ({ counts, waiting });

describe("the work queue", () => {
  it("lists what awaits me and what waits on others, with counts and review or signing links", async () => {
    const review = await document("Queue NDA");
    const sign = await document("Queue lease", "toSign");
    const closed = await document("Queue cancelled", "cancelled");
    // Asked of Rita by user, and by her address (an outside request that happens to be hers).
    const byUser = await db.approval.create({
      data: { accountId: w.accountId, documentId: review.id, userId: w.rita.id, email: w.rita.email, requestedAt: requested(5) },
    });
    const byEmail = await db.signature.create({
      data: { accountId: w.accountId, documentId: sign.id, email: w.rita.email, requestedAt: requested(3) },
    });
    // Not (or no longer) awaiting her: decided, not yet requested, on a cancelled document, someone else's, another workspace's.
    await db.approval.create({
      data: { accountId: w.accountId, documentId: review.id, email: w.rita.email, requestedAt: requested(9), approvedAt: new Date() },
    });
    await db.approval.create({ data: { accountId: w.accountId, documentId: review.id, email: w.rita.email } });
    await db.approval.create({ data: { accountId: w.accountId, documentId: closed.id, email: w.rita.email, requestedAt: requested(2) } });
    await db.signature.create({
      data: { accountId: w.accountId, documentId: sign.id, email: "someone-else@example.test", requestedAt: requested(1) },
    });
    const elsewhere = await createDocumentFromUpload(
      (await signedInAs((await db.accountPolicy.findFirstOrThrow({ where: { accountId: w.otherAccountId } })).userId, w.otherAccountId))
        .ctx,
      { name: "Queue elsewhere" },
      { name: "e.docx", bytes: makeDocx(["Elsewhere"]) },
    );
    await db.document.update({ where: { id: elsewhere.id }, data: { status: "toSign" } });
    await db.signature.create({
      data: { accountId: w.otherAccountId, documentId: elsewhere.id, email: w.rita.email, requestedAt: requested(1) },
    });

    const queue = await loadWorkQueue(w.ritaCtx);
    expect(queue.counts).toMatchObject({ toApprove: 1, toSign: 1, waitingDocuments: 0 });
    expect(queue.toApprove.items).toEqual([expect.objectContaining({ id: byUser.id, documentId: review.id, documentName: "Queue NDA" })]);
    expect(queue.toSign.items).toEqual([expect.objectContaining({ id: byEmail.id, documentId: sign.id, documentName: "Queue lease" })]);
    const approvalLink = new URL(queue.toApprove.items[0]!.href, "http://x");
    expect(approvalLink.pathname).toBe("/review");
    expect(verifySigningToken(approvalLink.searchParams.get("signed")!)).toMatchObject({
      ok: true,
      claims: {
        typ: "approval",
        rid: byUser.id,
        did: review.id,
        aid: w.accountId,
        email: w.rita.email,
        rat: byUser.requestedAt!.getTime(),
      },
    });
    expect(new URL(queue.toSign.items[0]!.href, "http://x").pathname).toBe("/sign");

    // The owner wrote both documents: they wait on others (the cancelled one's approval too, as it is still pending there).
    const mine = await loadWorkQueue(w.ownerCtx);
    expect(mine.counts).toMatchObject({ toApprove: 0, toSign: 0, waitingDocuments: 3, waitingApprovals: 2, waitingSignatures: 2 });
    expect(mine.waiting.items.find((item) => item.documentId === sign.id)).toMatchObject({
      documentName: "Queue lease",
      pendingApprovals: 0,
      pendingSignatures: 2,
      href: `/d/${sign.id}/view`,
    });

    // Read from the workspace's pending requests rather than from the owner's few documents: the same.
    expect(waitingPart(await loadWorkQueue(w.ownerCtx, {}, { fewDocuments: 0 }))).toEqual(waitingPart(mine));

    // REST and GraphQL answer the same.
    const rest = await workQueueRoute.GET(jsonRequest("GET", "/vapp/work-queue", { headers: { authorization: `Bearer ${w.ritaToken}` } }));
    expect(((await rest.json()) as { counts: unknown }).counts).toEqual(queue.counts);
    const gql = await graphql<{ workQueue: { counts: { toApprove: number; toSign: number }; toSign: { items: { id: string }[] } } }>(
      "{ workQueue { counts { toApprove toSign } toSign { items { id } } } }",
      { accessToken: w.ritaToken },
    );
    expect(gql.data?.workQueue).toEqual({ counts: { toApprove: 1, toSign: 1 }, toSign: { items: [{ id: byEmail.id }] } });
  });

  it("pages each list by cursor, with a fixed number of queries whatever its length", async () => {
    const doc = await document("Queue pages", "signing");
    for (let n = 0; n < 7; n++)
      await db.signature.create({
        data: { accountId: w.accountId, documentId: doc.id, email: w.rita.email, requestedAt: requested(100 + n) },
      });
    const { result: first, statements } = await countStatements(() => loadWorkQueue(w.ritaCtx, { take: 3 }));
    expect(first.toSign.items).toHaveLength(3);
    const second = await loadWorkQueue(w.ritaCtx, { take: 3, toSignCursor: first.toSign.nextCursor! });
    const third = await loadWorkQueue(w.ritaCtx, { take: 3, toSignCursor: second.toSign.nextCursor! });
    const seen = [...first.toSign.items, ...second.toSign.items, ...third.toSign.items].map((item) => item.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(first.counts.toSign);
    expect(third.toSign.nextCursor).toBeNull();
    // The member's address (a page's session statement has it), what awaits them with its counts
    // (one statement), and what waits on others with its counts (one), however many rows.
    expect(statements.length).toBeLessThanOrEqual(3);
    const more = await countStatements(() => loadWorkQueue(w.ritaCtx, { take: 25 }));
    expect(more.statements.length).toBe(statements.length);
  });

  it("lists what waits on others: documents owned through a policy too, newest first, by cursor, not archived ones", async () => {
    // Rita wrote none of these: she owns three through a policy (one archived); the fourth is the owner's alone.
    const owned = [];
    for (const name of ["Waiting A", "Waiting B", "Waiting C"]) {
      const doc = await document(name);
      await db.documentPolicy.create({ data: { accountId: w.accountId, documentId: doc.id, userId: w.rita.id, role: "owner" } });
      owned.push(doc);
    }
    const [a, b, c] = owned as [(typeof owned)[number], (typeof owned)[number], (typeof owned)[number]];
    const notHers = await document("Waiting D", "toSign");
    for (const doc of [a, a, c, notHers])
      await db.approval.create({
        data: { accountId: w.accountId, documentId: doc.id, email: "approver@example.test", requestedAt: requested(4) },
      });
    await db.signature.create({
      data: { accountId: w.accountId, documentId: b.id, email: "signer@example.test", requestedAt: requested(4) },
    });
    // Answered, and not yet sent: not pending.
    await db.signature.create({
      data: { accountId: w.accountId, documentId: b.id, email: "done@example.test", requestedAt: requested(8), signedAt: new Date() },
    });
    await db.approval.create({ data: { accountId: w.accountId, documentId: b.id, email: "later@example.test" } });
    await db.document.update({ where: { id: c.id }, data: { archived: true } });
    // B updated last, then A.
    await db.document.update({ where: { id: a.id }, data: { updatedAt: new Date(Date.now() - 60_000) } });
    await db.document.update({ where: { id: b.id }, data: { updatedAt: new Date() } });

    const first = await loadWorkQueue(w.ritaCtx, { take: 1 });
    expect(first.counts).toMatchObject({ waitingDocuments: 2, waitingApprovals: 2, waitingSignatures: 1 });
    expect(first.waiting.items).toEqual([
      {
        documentId: b.id,
        documentName: "Waiting B",
        status: "toReview",
        pendingApprovals: 0,
        pendingSignatures: 1,
        href: `/d/${b.id}/view`,
      },
    ]);
    const second = await loadWorkQueue(w.ritaCtx, { take: 1, waitingCursor: first.waiting.nextCursor! });
    expect(second.waiting.items.map((item) => [item.documentName, item.pendingApprovals, item.pendingSignatures])).toEqual([
      ["Waiting A", 2, 0],
    ]);
    expect(second.waiting.nextCursor).toBeNull();
    expect(second.counts).toEqual(first.counts);
    expect(first.counts.waitingCapped).toBe(false);
    // Every path answers alike: her documents tested one by one (the default for a member with a
    // few) or the workspace's pending requests read instead (fewDocuments 0); and past a count's
    // limit, lower bounds with the page from walking her documents newest first.
    for (const fewDocuments of [undefined, 0]) {
      // (What awaits her is left out: its links expire a set time after they are made, to the second.)
      const exact = await loadWorkQueue(w.ritaCtx, { take: 1 }, { fewDocuments });
      expect(waitingPart(exact)).toEqual(waitingPart(first));
      const next = await loadWorkQueue(w.ritaCtx, { take: 1, waitingCursor: first.waiting.nextCursor! }, { fewDocuments });
      expect(waitingPart(next)).toEqual(waitingPart(second));
      const capped = await loadWorkQueue(w.ritaCtx, { take: 1 }, { fewDocuments, waitingCountLimit: 1 });
      expect(capped.counts).toMatchObject({ waitingDocuments: 1, waitingCapped: true });
      expect(capped.waiting).toEqual(first.waiting);
      const cappedNext = await loadWorkQueue(
        w.ritaCtx,
        { take: 1, waitingCursor: capped.waiting.nextCursor! },
        { fewDocuments, waitingCountLimit: 1 },
      );
      expect(cappedNext.waiting).toEqual(second.waiting);
      const walked = await loadWorkQueue(w.ritaCtx, {}, { fewDocuments, waitingCountLimit: 0 });
      expect(walked.waiting.items.map((item) => item.documentId)).toEqual([b.id, a.id]);
      expect(walked.counts).toMatchObject({ waitingDocuments: 0, waitingCapped: true });
      expect((await loadWorkQueue(w.ritaCtx, {}, { fewDocuments, waitingCountLimit: 2 })).counts).toMatchObject({
        waitingDocuments: 2,
        waitingCapped: false,
      });
    }
    // A cursor of another workspace's document finds nothing.
    const elsewhere = await db.document.findFirstOrThrow({ where: { accountId: w.otherAccountId } });
    expect((await loadWorkQueue(w.ritaCtx, { waitingCursor: elsewhere.id })).waiting.items).toEqual([]);
  });
});

describe("activity by email", () => {
  it("lists the events of the approvals and signatures asked of an address, on documents the caller sees", async () => {
    const doc = await document("Activity deed", "toSign");
    const signature = await db.signature.create({
      data: { accountId: w.accountId, documentId: doc.id, email: "ext-signer@example.test", requestedAt: requested(1) },
    });
    await db.audit.createMany({
      data: [
        {
          accountId: w.accountId,
          eventType: "signature.requested",
          targetType: "signature",
          targetId: signature.id,
          targetContext: doc.id,
          via: "session",
          payload: {},
        },
        {
          accountId: w.accountId,
          eventType: "signature.viewed",
          targetType: "signature",
          targetId: signature.id,
          targetContext: doc.id,
          via: "signed",
          payload: {},
        },
      ],
    });
    // Another workspace asked the same address: its events stay there.
    const otherOwner = (await db.accountPolicy.findFirstOrThrow({ where: { accountId: w.otherAccountId } })).userId;
    const theirs = await createDocumentFromUpload(
      (await signedInAs(otherOwner, w.otherAccountId)).ctx,
      { name: "Their deed" },
      { name: "t.docx", bytes: makeDocx(["Theirs"]) },
    );
    const foreign = await db.signature.create({
      data: { accountId: w.otherAccountId, documentId: theirs.id, email: "ext-signer@example.test", requestedAt: requested(1) },
    });
    await db.audit.create({
      data: {
        accountId: w.otherAccountId,
        eventType: "signature.signed",
        targetType: "signature",
        targetId: foreign.id,
        targetContext: theirs.id,
        via: "signed",
        payload: {},
      },
    });
    const page = await activityPage(w.ownerCtx, { email: "EXT-signer@example.test", take: 1 });
    expect(page.items.map((i) => [i.targetType, i.documentId])).toEqual([["signature", doc.id]]);
    const next = await activityPage(w.ownerCtx, { email: "ext-signer@example.test", take: 1, cursor: page.nextCursor! });
    expect([...page.items, ...next.items].map((i) => i.eventType).sort()).toEqual(["signature.requested", "signature.viewed"]);
    // The document's activity lists them too.
    const byDocument = await activityPage(w.ownerCtx, { documentId: doc.id });
    expect(byDocument.items.map((i) => i.eventType)).toEqual(expect.arrayContaining(["signature.requested", "signature.viewed"]));

    // Rita (Member) cannot see the owner's document: nothing of it reaches her.
    expect((await activityPage(w.ritaCtx, { email: "ext-signer@example.test" })).items).toEqual([]);
    const rest = await activityRoute.GET(
      jsonRequest("GET", `/vapp/activity?email=ext-signer%40example.test`, { headers: { authorization: `Bearer ${w.ownerToken}` } }),
    );
    expect(((await rest.json()) as { items: unknown[] }).items).toHaveLength(2);
    const neither = await activityRoute.GET(jsonRequest("GET", "/vapp/activity", { headers: { authorization: `Bearer ${w.ownerToken}` } }));
    expect(neither.status).toBe(400);
    const gql = await graphql<{ activity: { items: { eventType: string }[] } }>(
      `
        query ($email: String) {
          activity(email: $email) {
            items {
              eventType
            }
            nextCursor
          }
        }
      `,
      { accessToken: w.ownerToken, variables: { email: "ext-signer@example.test" } },
    );
    expect(gql.data?.activity.items).toHaveLength(2);
  });
});
