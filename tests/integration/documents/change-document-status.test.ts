import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { anonymousContext } from "@/lib/auth/context";
import { Prisma } from "@/lib/generated/prisma/client";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";
import { changeDocumentStatuses } from "@/lib/documents/change-document-statuses";
import { canTransition } from "@/lib/documents/status";
import { EXPIRE_FROM, NOTICE_FROM } from "@/lib/documents/document-expiry";
import { stopJobs } from "@/lib/jobs/queue";
import { declineSignature } from "@/lib/signatures/decline-signature";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { createAccount, signedInAs } from "@/tests/factories";
import { addSigners, pdfContract, signerContext, signingToken } from "../signatures/helpers";

/**
 * changeDocumentStatus, the one writer of a document's status (issue 38): a legal move writes
 * the status and one audit row; an illegal one throws INVALID_TRANSITION and writes nothing; a
 * signer's decline goes through it to `rejected`, which the table allows from toSign and signing.
 */
afterAll(() => stopJobs());

async function workspaceDocument(status: Prisma.DocumentCreateInput["status"] = "drafting") {
  const { account, owner } = await createAccount("Status writer");
  const { ctx } = await signedInAs(owner.id, account.id);
  const document = await db.document.create({ data: { accountId: account.id, name: "Status contract", status } });
  return { account, ctx, document };
}

const statusAudits = (documentId: string) =>
  db.audit.findMany({ where: { targetId: documentId, eventType: "document.statusUpdated" }, orderBy: { sequence: "asc" } });

describe("changeDocumentStatus", () => {
  it("a legal move writes the status and one audit row, in the caller's transaction", async () => {
    const { ctx, document } = await workspaceDocument("drafting");
    const result = await db.$transaction((tx) => changeDocumentStatus(tx, ctx, { document, to: "toReview", cause: "user" }));
    expect(result).toEqual({ from: "drafting", to: "toReview", changed: true });
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("toReview");
    const audits = await statusAudits(document.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: ctx.userId,
      accountId: document.accountId,
      targetType: "document",
      payload: { from: "drafting", to: "toReview", reason: "user" },
    });

    // By id, read here; cancelling stamps cancelledAt.
    await db.$transaction((tx) => changeDocumentStatus(tx, ctx, { documentId: document.id, to: "cancelled", cause: "user" }));
    const cancelled = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(await statusAudits(document.id)).toHaveLength(2);
  });

  it("the status it already has changes nothing and writes no audit row", async () => {
    const { ctx, document } = await workspaceDocument("active");
    const result = await db.$transaction((tx) => changeDocumentStatus(tx, ctx, { document, to: "active", cause: "user" }));
    expect(result.changed).toBe(false);
    expect(await statusAudits(document.id)).toHaveLength(0);
  });

  it("an illegal move throws INVALID_TRANSITION and writes nothing, even what the caller wrote before in its transaction", async () => {
    const { ctx, document } = await workspaceDocument("completed");
    await expect(
      db.$transaction(async (tx) => {
        await tx.document.update({ where: { id: document.id }, data: { name: "Renamed in the same transaction" } });
        await changeDocumentStatus(tx, ctx, { document, to: "drafting", cause: "user" });
      }),
    ).rejects.toMatchObject({ code: "INVALID_TRANSITION", params: { from: "completed", to: "drafting" } });
    const after = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(after).toMatchObject({ status: "completed", name: "Status contract" });
    expect(await statusAudits(document.id)).toHaveLength(0);
  });

  it("a status read before another change came is a CONFLICT, not a second move", async () => {
    const { ctx, document } = await workspaceDocument("drafting");
    await db.$transaction((tx) => changeDocumentStatus(tx, ctx, { document, to: "negotiating", cause: "user" }));
    // `document` still says drafting.
    await expect(db.$transaction((tx) => changeDocumentStatus(tx, ctx, { document, to: "toReview", cause: "user" }))).rejects.toMatchObject(
      { code: "CONFLICT" },
    );
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("negotiating");
    expect(await statusAudits(document.id)).toHaveLength(1);
  });

  it("another account's document is not found by id", async () => {
    const { document } = await workspaceDocument("drafting");
    const other = await workspaceDocument("drafting");
    await expect(
      db.$transaction((tx) => changeDocumentStatus(tx, other.ctx, { documentId: document.id, to: "toReview", cause: "user" })),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("a signer's decline", () => {
  it("ends in rejected, through the table, with one audit row of reason decline", async () => {
    expect(canTransition("toSign", "rejected")).toBe(true);
    expect(canTransition("signing", "rejected")).toBe(true);
    const { ctx, document } = await pdfContract("Decline status");
    const [first] = await addSigners(ctx, document.id, [1, 1]);
    await requestSignatures(ctx, document.id);
    await declineSignature(signerContext(await signingToken(first.email)), { reason: "Not this price." });
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("rejected");
    const audits = await statusAudits(document.id);
    expect(audits.map((a) => a.payload)).toEqual([
      { from: "initial", to: "toSign", reason: "signature" },
      { from: "toSign", to: "rejected", reason: "decline" },
    ]);
  });
});

describe("changeDocumentStatuses (the batch variant)", () => {
  it("refuses a from status the table does not allow to the target, before reading anything", async () => {
    await expect(
      db.$transaction((tx) =>
        changeDocumentStatuses(tx, anonymousContext({ via: "system" }), {
          from: ["active", "drafting"],
          to: "expired",
          cause: "expiry",
          where: Prisma.sql`false`,
          orderBy: Prisma.sql`id`,
          limit: 10,
        }),
      ),
    ).rejects.toMatchObject({ code: "INVALID_TRANSITION", params: { from: "drafting", to: "expired" } });
  });

  it("the expiry job's moves are all in the table", () => {
    for (const from of EXPIRE_FROM) expect(canTransition(from, "expired"), `${from} → expired`).toBe(true);
    for (const from of NOTICE_FROM) expect(canTransition(from, "toExpire"), `${from} → toExpire`).toBe(true);
  });

  it("moves the matching documents with one audit row each in the same words, via system", async () => {
    const { account } = await createAccount("Batch status");
    const marker = `batch-${Date.now()}`;
    await db.document.createMany({
      data: [
        { accountId: account.id, name: marker, status: "active" },
        { accountId: account.id, name: marker, status: "toRenew" },
        { accountId: account.id, name: marker, status: "completed" },
      ],
    });
    const moved = await db.$transaction((tx) =>
      changeDocumentStatuses(tx, anonymousContext({ via: "system" }), {
        from: ["active", "toRenew"],
        to: "cancelled",
        cause: "expiry",
        where: Prisma.sql`"accountId" = ${account.id} AND name = ${marker}`,
        orderBy: Prisma.sql`id`,
        limit: 10,
      }),
    );
    expect(moved.map((m) => m.from).sort()).toEqual(["active", "toRenew"]);
    const rows = await db.document.findMany({ where: { accountId: account.id, name: marker }, orderBy: { status: "asc" } });
    expect(rows.map((r) => r.status).sort()).toEqual(["cancelled", "cancelled", "completed"]);
    expect(rows.filter((r) => r.status === "cancelled").every((r) => r.cancelledAt instanceof Date)).toBe(true);
    const audits = await db.audit.findMany({ where: { accountId: account.id, eventType: "document.statusUpdated" } });
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.via === "system" && a.userId === null && a.targetType === "document")).toBe(true);
    expect(audits.map((a) => (a.payload as { reason: string }).reason)).toEqual(["expiry", "expiry"]);
  });
});
