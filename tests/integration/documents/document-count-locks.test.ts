import { describe, expect, it } from "vitest";
import { db, isEmbedded } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { createAccount, signedInAs } from "@/tests/factories";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The kept document counts (migration document_count) lock an account's count row in the writing
 * transaction. Audited writes also take the account's audit-chain lock, so a transaction that
 * writes a document then its audit row, beside one that writes an audit row then a document,
 * could each hold what the other waits for. The count's triggers take the chain lock first, so
 * the second waits for the first instead. (The embedded database has one connection: nothing
 * runs at the same time there.)
 */
describe.skipIf(isEmbedded())("kept document counts under concurrent writers", () => {
  it("a document then its audit, beside an audit then a document, both commit", async () => {
    const { account, owner } = await createAccount("Count locks");
    const { ctx } = await signedInAs(owner.id, account.id);
    const doc = await db.document.create({ data: { accountId: account.id, name: "Archived meanwhile" } });
    const audit = (tx: Parameters<typeof recordAudit>[0], eventType: string) =>
      recordAudit(tx, ctx, { eventType, targetType: "document", targetId: doc.id });

    const documentFirst = db.$transaction(async (tx) => {
      await tx.document.update({ where: { id: doc.id }, data: { archived: true } });
      await pause(400);
      await audit(tx, "document.archived");
    });
    await pause(100);
    const auditFirst = db.$transaction(async (tx) => {
      await audit(tx, "document.created");
      await pause(400);
      await tx.document.create({ data: { accountId: account.id, name: "Created meanwhile" } });
    });
    const outcomes = await Promise.allSettled([documentFirst, auditFirst]);
    expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "committed"))).toEqual(["committed", "committed"]);

    const kept = await db.documentCount.findMany({ where: { accountId: account.id }, orderBy: { archived: "asc" } });
    expect(kept.map((row) => [row.archived, row.total])).toEqual([
      [false, 1],
      [true, 1],
    ]);
  });
});
