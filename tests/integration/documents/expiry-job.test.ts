import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { DocumentStatus } from "@/lib/generated/prisma/enums";
import { markExpiringDocuments } from "@/lib/documents/document-expiry";
import { createAccount } from "@/tests/factories";

const DAY = 86_400_000;

/**
 * The job runs across every account of a database other test files share at the same time, so
 * each test looks only at its own accounts' rows, never at the job's totals.
 */
async function seed(accountId: string, rows: [name: string, status: DocumentStatus, endedInDays: number | null][], now: Date) {
  await db.document.createMany({
    data: rows.map(([name, status, days]) => ({
      accountId,
      name,
      status,
      endedAt: days === null ? null : new Date(now.getTime() + days * DAY),
    })),
  });
}

const statuses = async (accountId: string) =>
  Object.fromEntries(
    (await db.document.findMany({ where: { accountId }, select: { name: true, status: true } })).map((d) => [d.name, d.status]),
  );

describe("document expiry job", () => {
  it("marks documents in force about to end as toExpire and open ones past their end as expired, in every account, with system audit rows", async () => {
    const now = new Date();
    const a = await createAccount("Expiry A");
    const b = await createAccount("Expiry B");
    await seed(
      a.account.id,
      [
        ["active soon", "active", 10],
        ["signed soon", "signed", 29],
        ["renewed soon", "renewed", 1],
        ["active later", "active", 45],
        ["active no end", "active", null],
        ["active past", "active", -1],
        ["toRenew past", "toRenew", -3],
        ["toExpire past", "toExpire", -0.01],
        ["toExpire soon", "toExpire", 5],
        ["drafting past", "drafting", -10],
        ["drafting soon", "drafting", 10],
        ["onHold soon", "onHold", 10],
        ["cancelled past", "cancelled", -10],
        ["completed past", "completed", -10],
        ["expired past", "expired", -10],
      ],
      now,
    );
    await seed(
      b.account.id,
      [
        ["b active soon", "active", 3],
        ["b signed past", "signed", -2],
      ],
      now,
    );

    await markExpiringDocuments(now);

    expect(await statuses(a.account.id)).toEqual({
      "active soon": "toExpire",
      "signed soon": "toExpire",
      "renewed soon": "toExpire",
      "active later": "active",
      "active no end": "active",
      "active past": "expired",
      "toRenew past": "expired",
      "toExpire past": "expired",
      "toExpire soon": "toExpire",
      "drafting past": "drafting",
      "drafting soon": "drafting",
      "onHold soon": "onHold",
      "cancelled past": "cancelled",
      "completed past": "completed",
      "expired past": "expired",
    });
    expect(await statuses(b.account.id)).toEqual({ "b active soon": "toExpire", "b signed past": "expired" });

    const audits = await db.audit.findMany({
      where: { accountId: { in: [a.account.id, b.account.id] }, eventType: "document.statusUpdated" },
    });
    expect(audits).toHaveLength(8);
    expect(audits.every((row) => row.via === "system" && row.userId === null && row.targetType === "document")).toBe(true);
    const activePast = await db.document.findFirstOrThrow({ where: { accountId: a.account.id, name: "active past" } });
    expect(audits.find((row) => row.targetId === activePast.id)).toMatchObject({
      accountId: a.account.id,
      payload: { from: "active", to: "expired", reason: "expiry" },
    });
    const bSoon = await db.document.findFirstOrThrow({ where: { accountId: b.account.id, name: "b active soon" } });
    expect(audits.find((row) => row.targetId === bSoon.id)).toMatchObject({
      accountId: b.account.id,
      payload: { from: "active", to: "toExpire" },
    });

    // A second run the same day changes nothing of these rows and writes no more audit rows.
    await markExpiringDocuments(now);
    expect(await db.audit.count({ where: { accountId: { in: [a.account.id, b.account.id] }, eventType: "document.statusUpdated" } })).toBe(
      8,
    );
  });

  it("moves what was about to expire to expired once its end date passes", async () => {
    // Far in the past, where no other test file's documents end (the database is shared).
    const then = new Date(Date.now() - 1000 * DAY);
    const { account } = await createAccount("Expiry later");
    await seed(
      account.id,
      [
        ["active soon", "active", 10],
        ["renewed soon", "renewed", 1],
        ["signed later", "signed", 25],
      ],
      then,
    );
    await markExpiringDocuments(then);
    expect(await statuses(account.id)).toEqual({ "active soon": "toExpire", "renewed soon": "toExpire", "signed later": "toExpire" });
    await markExpiringDocuments(new Date(then.getTime() + 11 * DAY));
    expect(await statuses(account.id)).toEqual({ "active soon": "expired", "renewed soon": "expired", "signed later": "toExpire" });
  });

  it("moves more than one batch, and two runs at once move each document once", async () => {
    const now = new Date();
    const { account } = await createAccount("Expiry batches");
    await seed(
      account.id,
      Array.from({ length: 1100 }, (_, i) => [`doc ${i}`, "active", i % 2 ? 5 : -5] as [string, DocumentStatus, number]),
      now,
    );
    await Promise.all([markExpiringDocuments(now), markExpiringDocuments(now)]);
    const counts = await db.document.groupBy({ by: ["status"], where: { accountId: account.id }, _count: true });
    expect(Object.fromEntries(counts.map((c) => [c.status, c._count]))).toEqual({ toExpire: 550, expired: 550 });
    expect(await db.audit.count({ where: { accountId: account.id, eventType: "document.statusUpdated" } })).toBe(1100);
  });
});
