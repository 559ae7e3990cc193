import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { approvalTurns } from "@/lib/approvals/approval-progress";
import { approvalTurnOrder } from "@/lib/approvals/schemas";
import { inTurnSql, TURN_ORDERS, type ParticipantState, type TurnOrder } from "@/lib/process/turns";
import { signerInTurnSql, signerTurns } from "@/lib/signatures/signing-turn";
import { signingSettingsOf } from "@/lib/signatures/signature-view";
import { createAccount } from "@/tests/factories";

/**
 * The turn rule in SQL (inTurnSql, read by the signature reminders job) agrees with the rule in
 * TypeScript (turnsOf, read by the services) on the same rows: signers (a decline skips) and
 * approvers (a rejection stops), ordered and parallel, first, middle and last, someone declined,
 * someone done out of order, equal positions.
 */
let accountId: string;
beforeAll(async () => {
  accountId = (await createAccount("Turns in SQL")).account.id;
});

/** [position, state] of each participant. */
const CASES: [string, [number, ParticipantState][]][] = [
  [
    "nobody asked yet",
    [
      [1, "waiting"],
      [2, "waiting"],
      [3, "waiting"],
    ],
  ],
  [
    "the first asked",
    [
      [1, "requested"],
      [2, "waiting"],
      [3, "waiting"],
    ],
  ],
  [
    "the middle's turn",
    [
      [1, "done"],
      [2, "requested"],
      [3, "waiting"],
    ],
  ],
  [
    "the last's turn",
    [
      [1, "done"],
      [2, "done"],
      [3, "requested"],
    ],
  ],
  [
    "all done",
    [
      [1, "done"],
      [2, "done"],
    ],
  ],
  [
    "the first declined",
    [
      [1, "declined"],
      [2, "requested"],
      [3, "waiting"],
    ],
  ],
  [
    "the middle declined",
    [
      [1, "done"],
      [2, "declined"],
      [3, "waiting"],
    ],
  ],
  [
    "done out of order",
    [
      [1, "requested"],
      [2, "done"],
      [3, "waiting"],
    ],
  ],
  [
    "equal positions",
    [
      [1, "requested"],
      [1, "requested"],
      [2, "waiting"],
    ],
  ],
  [
    "equal positions, one done",
    [
      [1, "done"],
      [1, "requested"],
      [2, "waiting"],
    ],
  ],
  [
    "equal positions, one declined",
    [
      [1, "declined"],
      [1, "requested"],
      [2, "waiting"],
    ],
  ],
  [
    "gaps in the positions",
    [
      [5, "done"],
      [9, "waiting"],
      [7, "requested"],
    ],
  ],
];

const at = (state: ParticipantState, which: ParticipantState) => (state === which ? new Date() : null);
const requestedAt = (state: ParticipantState) => (state === "waiting" ? null : new Date());

async function documentWith(settings: Record<string, string>) {
  return db.document.create({ data: { accountId, name: "Turns", settings } });
}

const inTurnIds = async (sql: Prisma.Sql) => (await db.$queryRaw<{ id: string }[]>(sql)).map((r) => r.id).sort();

describe("the turn rule in SQL", () => {
  for (const order of TURN_ORDERS) {
    for (const [name, people] of CASES) {
      it(`agrees for signers, ${order}: ${name}`, async () => {
        const document = await documentWith(order === "parallel" ? { signProcess: "parallel" } : {});
        for (const [i, [position, state]] of people.entries())
          await db.signature.create({
            data: {
              accountId,
              documentId: document.id,
              email: `signer-${i}@example.test`,
              order: position,
              requestedAt: requestedAt(state),
              signedAt: at(state, "done"),
              declinedAt: at(state, "declined"),
            },
          });
        const rows = await db.signature.findMany({ where: { documentId: document.id } });
        const expected = signerTurns.whoseTurn(rows, signingSettingsOf(document.settings).signProcess).map((s) => s.id);
        const actual = await inTurnIds(Prisma.sql`SELECT s.id FROM "Signature" s JOIN "Document" d ON d.id = s."documentId"
          WHERE s."documentId" = ${document.id} AND ${signerInTurnSql("s", "d")}`);
        expect(actual).toEqual(expected.sort());
      });

      it(`agrees for approvers, ${order}: ${name}`, async () => {
        const document = await documentWith({ approvalProcess: order === "parallel" ? "parallel" : "sequential" });
        for (const [i, [position, state]] of people.entries())
          await db.approval.create({
            data: {
              accountId,
              documentId: document.id,
              email: `approver-${i}@example.test`,
              order: position,
              requestedAt: requestedAt(state),
              approvedAt: at(state, "done"),
              rejectedAt: at(state, "declined"),
            },
          });
        const rows = await db.approval.findMany({ where: { documentId: document.id } });
        const turnOrder: TurnOrder = approvalTurnOrder(document.settings);
        expect(turnOrder).toBe(order);
        const expected = approvalTurns.whoseTurn(rows, turnOrder).map((a) => a.id);
        const inTurn = inTurnSql({
          table: "Approval",
          alias: "a",
          group: "documentId",
          position: "order",
          doneAt: "approvedAt",
          declinedAt: "rejectedAt",
          parallel: Prisma.sql`d.settings->>'approvalProcess' = 'parallel'`,
          onDecline: "stops",
        });
        const actual = await inTurnIds(Prisma.sql`SELECT a.id FROM "Approval" a JOIN "Document" d ON d.id = a."documentId"
          WHERE a."documentId" = ${document.id} AND ${inTurn}`);
        expect(actual).toEqual(expected.sort());
      });
    }
  }

  it("reads a signing process without a stored signProcess as ordered, as the services do", async () => {
    const document = await documentWith({});
    const [first, second] = [1, 2].map((order) => ({ accountId, documentId: document.id, email: `s${order}@example.test`, order }));
    const one = await db.signature.create({ data: first! });
    await db.signature.create({ data: second! });
    const actual = await inTurnIds(Prisma.sql`SELECT s.id FROM "Signature" s JOIN "Document" d ON d.id = s."documentId"
      WHERE s."documentId" = ${document.id} AND ${signerInTurnSql("s", "d")}`);
    expect(actual).toEqual([one.id]);
  });
});
