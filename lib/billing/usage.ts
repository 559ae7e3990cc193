import { db } from "@/lib/db";
import { countUsed, limitWindowStart } from "./plan-enforcement";
import type { AccountLimits, Interval, LimitUsage } from "./plans";

export type { LimitUsage } from "./plans";

/**
 * A workspace's usage against its plan's limits (issue 39 item 17): documents made in the
 * limit's window (this calendar month, or a yearly plan's year: `period`, from `since`) and its
 * members with pending invitations, counted as the limits' checks count them
 * (plan-enforcement.ts, countUsed), against the limits its copy holds (×12 for a yearly plan).
 */
export type WorkspaceUsage = { period: Interval; since: Date; documents: LimitUsage; members: LimitUsage };

export async function workspaceUsage(accountId: string, now = new Date()): Promise<WorkspaceUsage> {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { limits: true } });
  const limits = (account?.limits ?? {}) as Partial<AccountLimits>;
  const window = { period: limits.period ?? "month", periodStart: limits.periodStart ?? null };
  const [documents, members] = await Promise.all([
    countUsed(db, accountId, "documents", window, { now }),
    countUsed(db, accountId, "members", window),
  ]);
  const max = (value: unknown) => (typeof value === "number" ? value : null);
  return {
    period: window.period,
    since: limitWindowStart(window, now),
    documents: { used: documents, max: max(limits.documents) },
    members: { used: members, max: max(limits.members) },
  };
}
