import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { applyPlan } from "@/lib/billing/apply-plan";
import { assertRoomFor } from "@/lib/billing/plan-enforcement";
import { workspaceUsage } from "@/lib/billing/usage";
import { addMember, createAccount } from "@/tests/factories";

/**
 * The billing screen's usage (issue 39 item 17): the documents a workspace made in its limit's
 * window and its members with pending invitations, against the limits its copy of the plan holds,
 * counted as the limits' checks count them (a workspace at "3 of 3" is refused the fourth).
 */
let accountId: string;
const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

beforeAll(async () => {
  const { account } = await createAccount("Usage");
  accountId = account.id;
});

describe("a workspace's usage against its plan", () => {
  it("counts this month's documents and the members against the free plan's limits", async () => {
    // Two this month, one the month before (outside the window).
    await db.document.createMany({
      data: [
        { accountId, name: "This month 1" },
        { accountId, name: "This month 2" },
        { accountId, name: "Last month", createdAt: new Date(monthStart.getTime() - 24 * 3600_000) },
      ],
    });
    await addMember(accountId, "Member");
    const usage = await workspaceUsage(accountId, now);
    expect(usage.period).toBe("month");
    expect(usage.since.toISOString()).toBe(monthStart.toISOString());
    expect(usage.documents).toEqual({ used: 2, max: 100 });
    // The owner and the member.
    expect(usage.members).toEqual({ used: 2, max: 3 });
  });

  it("reads the same numbers the limit's check refuses with", async () => {
    await db.account.update({
      where: { id: accountId },
      data: { limits: { documents: 2, members: 3, period: "month", periodStart: null } },
    });
    const usage = await workspaceUsage(accountId, now);
    expect(usage.documents).toEqual({ used: 2, max: 2 });
    await expect(assertRoomFor(db, accountId, "documents", 1)).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      details: { limit: "documents", max: usage.documents.max, used: usage.documents.used },
    });
  });

  it("counts a yearly plan's documents over its year, against twelve months' worth, and premium's as unlimited", async () => {
    const periodStart = new Date(monthStart.getTime() - 40 * 24 * 3600_000);
    await db.$transaction((tx) => applyPlan(tx, accountId, { slug: "standard", interval: "year", periodStart }));
    const yearly = await workspaceUsage(accountId, now);
    expect(yearly.period).toBe("year");
    expect(yearly.since.toISOString()).toBe(periodStart.toISOString());
    expect(yearly.documents).toEqual({ used: 3, max: 12_000 });
    expect(yearly.members).toEqual({ used: 2, max: 20 });

    await db.$transaction((tx) => applyPlan(tx, accountId, { slug: "premium", interval: "month", periodStart: null }));
    const premium = await workspaceUsage(accountId, now);
    expect(premium.documents).toEqual({ used: 2, max: null });
    expect(premium.members).toEqual({ used: 2, max: null });
  });
});
