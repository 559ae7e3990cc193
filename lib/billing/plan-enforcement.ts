import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { AccountLimits } from "./plans";

/** Whether plan capabilities are enforced at all (spec: "account capabilities are on"; ACCOUNT_CAPABILITIES=false turns them off). */
export const capabilitiesEnforced = () => process.env.ACCOUNT_CAPABILITIES !== "false";

/** What a declaration may ask of the plan: a capability, and a limit with how much the call uses. */
export type PlanLimitName = "documents" | "members";

/** Refuses a feature the workspace's plan lacks (FEATURE_NOT_IN_PLAN, with the capability for the upgrade prompt). */
export function assertCapability(ctx: ServiceContext, capability: string) {
  if (!capabilitiesEnforced() || ctx.capabilities.has(capability)) return;
  throw new AppError(AppErrorCode.FEATURE_NOT_IN_PLAN, {
    message: "This is a paid feature. Upgrade your plan to activate this feature.",
    params: { feature: capability },
    details: { capability, plan: ctx.plan },
  });
}

/** The start of the window a limit counts over: this calendar month (UTC), or a yearly plan's period. */
export function limitWindowStart(limits: Pick<AccountLimits, "period" | "periodStart">, now = new Date()): Date {
  if (limits.period === "year" && limits.periodStart) return new Date(limits.periodStart);
  if (limits.period === "year") return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Refuses creating `amount` more past the plan's limit (PLAN_LIMIT_REACHED, with the limit and
 * the plan for the upgrade prompt). `documents` counts what the workspace made in the limit's
 * window; `members` counts its active members and pending invitations (a suspended member does
 * not count). A downgrade keeps everything and only blocks making more. One count query, only
 * for the declarations that name a limit.
 */
export async function assertWithinLimit(ctx: ServiceContext, name: PlanLimitName, amount: number) {
  if (!ctx.accountId || !capabilitiesEnforced() || amount <= 0) return;
  await assertRoomFor(db, ctx.accountId, name, amount);
}

/**
 * How much of a limit a workspace uses now: `documents` what it made in the limit's window,
 * `members` its active members and pending invitations (only the active ones with
 * `countInvited: false`). The one count behind the limits' checks and the billing screen's meters
 * (lib/billing/usage.ts), so both read the same number.
 */
export async function countUsed(
  client: Pick<Prisma.TransactionClient, "document" | "accountPolicy">,
  accountId: string,
  name: PlanLimitName,
  limits: Partial<Pick<AccountLimits, "period" | "periodStart">>,
  options: { countInvited?: boolean; now?: Date } = {},
): Promise<number> {
  if (name === "members") {
    const statuses: ("active" | "invited")[] = options.countInvited === false ? ["active"] : ["active", "invited"];
    return client.accountPolicy.count({ where: { accountId, status: { in: statuses } } });
  }
  const since = limitWindowStart({ period: limits.period ?? "month", periodStart: limits.periodStart ?? null }, options.now);
  return client.document.count({ where: { accountId, createdAt: { gte: since } } });
}

/**
 * The check itself, for a workspace and a client (a transaction's, to count what it sees):
 * accepting an invitation checks `members` here with `countInvited: false`, since the pending
 * invitation it turns into a member was counted when it was sent.
 */
export async function assertRoomFor(
  client: Pick<Prisma.TransactionClient, "account" | "document" | "accountPolicy">,
  accountId: string,
  name: PlanLimitName,
  amount: number,
  options: { countInvited?: boolean } = {},
) {
  if (!capabilitiesEnforced()) return;
  const account = await client.account.findUnique({ where: { id: accountId }, select: { limits: true, planSlug: true } });
  const limits = (account?.limits ?? {}) as Partial<AccountLimits>;
  const max = limits[name];
  if (typeof max !== "number") return;
  const used = await countUsed(client, accountId, name, limits, options);
  if (used + amount <= max) return;
  throw new AppError(AppErrorCode.PLAN_LIMIT_REACHED, {
    message:
      name === "members"
        ? `Your plan's limit of ${max} members is reached.`
        : `Your plan's limit of ${max} new documents for this period is reached.`,
    params: { max, limit: name },
    details: { limit: name, max, used, plan: account?.planSlug ?? null },
  });
}
