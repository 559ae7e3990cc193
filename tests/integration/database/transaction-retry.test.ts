import { describe, expect, it } from "vitest";
import { db, isEmbedded, isWriteConflict } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import { recordAudit } from "@/lib/audit/record-audit";
import { createAccount, signedInAs } from "@/tests/factories";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two audited writes of one workspace that take the same row and the audit chain's lock in
 * opposite orders deadlock: PostgreSQL ends one of them. `db.$transaction(fn)` runs that one
 * again, so both commit, as they would have one after the other. (The embedded database has one
 * connection: transactions never overlap there.)
 */
describe.skipIf(isEmbedded())("a transaction ended to break a deadlock", () => {
  it("runs again, and both writes commit", async () => {
    const { account, owner } = await createAccount("Deadlock retry");
    const { ctx } = await signedInAs(owner.id, account.id);
    const runs = { rowFirst: 0, auditFirst: 0 };

    const rowFirst = db.$transaction(async (tx) => {
      runs.rowFirst++;
      await lockRow(tx, "Account", account.id);
      await tx.account.update({ where: { id: account.id }, data: { name: "Renamed by the first" } });
      if (runs.rowFirst === 1) await pause(400);
      await recordAudit(tx, ctx, { eventType: "account.updated", targetType: "account", targetId: account.id });
    });
    await pause(100);
    const auditFirst = db.$transaction(async (tx) => {
      runs.auditFirst++;
      await recordAudit(tx, ctx, { eventType: "account.brandChanged", targetType: "account", targetId: account.id });
      if (runs.auditFirst === 1) await pause(400);
      await tx.account.update({ where: { id: account.id }, data: { slug: `${account.slug}-second` } });
    });
    const outcomes = await Promise.allSettled([rowFirst, auditFirst]);

    expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "committed"))).toEqual(["committed", "committed"]);
    // One of the two was ended by PostgreSQL and ran a second time.
    expect(runs.rowFirst + runs.auditFirst).toBe(3);
    const row = await db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect([row.name, row.slug]).toEqual(["Renamed by the first", `${account.slug}-second`]);
    const events = await db.audit.findMany({
      where: { accountId: account.id, eventType: { in: ["account.updated", "account.brandChanged"] } },
      select: { eventType: true },
    });
    expect(events.map((e) => e.eventType).sort()).toEqual(["account.brandChanged", "account.updated"]);
  });
});

describe("which failures run a transaction again", () => {
  it("does not run a transaction again for other errors", async () => {
    let runs = 0;
    await expect(
      db.$transaction(async () => {
        runs++;
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(runs).toBe(1);
  });
  it("knows PostgreSQL's deadlock and serialisation failures as Prisma reports them", () => {
    expect(isWriteConflict({ code: "P2034" })).toBe(true);
    expect(isWriteConflict({ code: "P2010", meta: { code: "40P01" } })).toBe(true);
    expect(isWriteConflict({ code: "P2010", meta: { code: "40001" } })).toBe(true);
    expect(isWriteConflict({ code: "P2010", meta: { code: "23505" } })).toBe(false);
    expect(isWriteConflict({ code: "P2002" })).toBe(false);
    expect(isWriteConflict(new Error("deadlock"))).toBe(false);
    expect(isWriteConflict(undefined)).toBe(false);
  });
});
