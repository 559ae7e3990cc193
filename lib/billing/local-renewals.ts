import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { defineJob } from "@/lib/jobs/job";
import { applyPlan } from "./apply-plan";
import { applyBalance, invoiceTotals } from "./invoice-math";
import { chargeRefusal, customerBalance, writeLocalInvoice } from "./local-invoices";
import { addInterval, LOCAL_TAX_RATES } from "./local-provider";
import type { InvoiceLine } from "./provider";

/**
 * What Stripe does at a subscription's period end, done for the offline provider (docs/billing.md,
 * "Renewals offline"): a subscription set to cancel at its period's end ends (the workspace goes
 * back to free; nothing it made is deleted); any other renews for a new period with an invoice
 * charged to the default card, less the customer's balance (a credit a downgrade left). A refused charge leaves the invoice open and the subscription
 * past_due (the plan stays, the billing page says the payment failed); each later run charges the
 * open invoice again, and after PAST_DUE_DAYS unpaid the subscription ends as Stripe's retries do.
 */
export const PAST_DUE_DAYS = 14;

type Tx = Prisma.TransactionClient;
type Outcome = "renewed" | "pastDue" | "ended" | "recovered" | "unpaidEnded";

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Holds the workspace's billing as checkout does (BillingCustomer.busyUntil), so a renewal and a change of plan never interleave. */
async function withCustomerLease<T>(accountId: string, now: Date, work: (customerId: string) => Promise<T>): Promise<T | null> {
  const taken = await db.billingCustomer.updateMany({
    where: { accountId, provider: "local", OR: [{ busyUntil: null }, { busyUntil: { lt: new Date() } }] },
    data: { busyUntil: new Date(Date.now() + 60_000) },
  });
  if (taken.count === 0) return null; // Busy (or no offline customer): the next run takes it.
  try {
    const customer = await db.billingCustomer.findUniqueOrThrow({ where: { accountId } });
    return await work(customer.customerId);
  } finally {
    await db.billingCustomer.updateMany({ where: { accountId }, data: { busyUntil: null } });
  }
}

/** Locks the subscription if it still matches `where` (another process may have taken it): null otherwise. */
async function lockSubscription(tx: Tx, id: string, where: Prisma.SubscriptionWhereInput) {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Subscription" WHERE id = ${id} FOR UPDATE SKIP LOCKED`;
  if (!locked.length) return null;
  return tx.subscription.findFirst({ where: { id, ...where }, include: { quota: { include: { product: true } } } });
}

async function endSubscription(tx: Tx, ctx: ServiceContext, row: { id: string; accountId: string }, at: Date, reason: string) {
  await tx.subscription.update({ where: { id: row.id }, data: { status: "canceled", cancelledAt: at, cancelAtPeriodEnd: false } });
  await applyPlan(tx, row.accountId, { slug: "free", interval: "month", periodStart: null });
  await recordAudit(tx, ctx, {
    accountId: row.accountId,
    userId: null,
    eventType: "subscription.ended",
    targetType: "subscription",
    targetId: row.id,
    payload: { plan: "free", reason },
  });
}

/** One subscription whose period ended: ends it, or renews it with an invoice and a charge. */
async function renewOne(ctx: ServiceContext, subscriptionId: string, accountId: string, now: Date): Promise<Outcome | null> {
  return withCustomerLease(accountId, now, (customerId) =>
    db.$transaction(async (tx): Promise<Outcome | null> => {
      const row = await lockSubscription(tx, subscriptionId, {
        provider: "local",
        status: { in: ["active", "trialing", "past_due"] },
        currentPeriodEnd: { lte: now },
      });
      if (!row?.currentPeriodEnd) return null;
      if (row.cancelAtPeriodEnd) {
        await endSubscription(tx, ctx, row, row.currentPeriodEnd, "cancelAtPeriodEnd");
        return "ended";
      }
      const start = row.currentPeriodEnd;
      const end = addInterval(start, row.quota.interval);
      const account = await tx.account.findUniqueOrThrow({ where: { id: accountId } });
      const country = (account.address as { country?: string } | null)?.country?.toUpperCase() ?? null;
      const taxRate = LOCAL_TAX_RATES.find((rate) => rate.country === country) ?? null;
      const amount = row.quota.amount * row.quantity;
      const line: InvoiceLine = {
        type: "remaining",
        description: null,
        quota: row.quotaId,
        quantity: row.quantity,
        amount,
        total: amount,
        currency: row.quota.currency,
        endedAt: end,
      };
      // A promotion code's coupon is for the first invoice only (a "once" coupon): renewals are full price.
      const before = invoiceTotals([amount], null, taxRate?.percentage ?? 0);
      // The customer's balance (a credit a downgrade left) pays what it covers, as Stripe's does.
      const { due } = applyBalance(before.total, await customerBalance(tx, customerId));
      const totals = { ...before, total: due, amount: due };
      const refusal = totals.total > 0 ? await chargeRefusal(tx, customerId, now) : null;
      const invoice = await writeLocalInvoice(tx, {
        id: newId("in_local"),
        customerId,
        subscriptionId: row.providerSubscriptionId ?? row.id,
        invoice: {
          id: null,
          number: null,
          status: null,
          url: null,
          currency: row.quota.currency,
          lines: [line],
          createdAt: null,
          ...totals,
        },
        status: refusal ? "open" : "paid",
        periodStart: start,
        periodEnd: end,
        now,
      });
      await tx.subscription.update({
        where: { id: row.id },
        data: {
          currentPeriodStart: start,
          currentPeriodEnd: end,
          status: refusal ? "past_due" : "active",
          paymentFailedAt: refusal ? now : null,
        },
      });
      await applyPlan(tx, accountId, { slug: row.quota.product.slug, interval: row.quota.interval, periodStart: start });
      await recordAudit(tx, ctx, {
        accountId,
        userId: null,
        eventType: refusal ? "subscription.paymentFailed" : "subscription.renewed",
        targetType: "subscription",
        targetId: row.id,
        payload: {
          invoice: invoice.number,
          total: totals.total,
          periodEnd: end.toISOString(),
          ...(refusal ? { code: refusal.code, declineCode: refusal.declineCode } : {}),
        },
      });
      return refusal ? "pastDue" : "renewed";
    }),
  );
}

/** A past_due subscription: its open invoice charged again; after PAST_DUE_DAYS unpaid it ends. */
async function retryOne(ctx: ServiceContext, subscriptionId: string, accountId: string, now: Date): Promise<Outcome | null> {
  return withCustomerLease(accountId, now, (customerId) =>
    db.$transaction(async (tx): Promise<Outcome | null> => {
      const row = await lockSubscription(tx, subscriptionId, { provider: "local", status: "past_due" });
      if (!row) return null;
      const open = await tx.localInvoice.findFirst({ where: { customerId, status: "open" }, orderBy: { createdAt: "asc" } });
      if (!open) return null;
      const refusal = await chargeRefusal(tx, customerId, now);
      if (!refusal) {
        await tx.localInvoice.updateMany({ where: { customerId, status: "open" }, data: { status: "paid", paidAt: now } });
        await tx.subscription.update({ where: { id: row.id }, data: { status: "active", paymentFailedAt: null } });
        await recordAudit(tx, ctx, {
          accountId,
          userId: null,
          eventType: "subscription.paid",
          targetType: "subscription",
          targetId: row.id,
          payload: { invoice: open.number },
        });
        return "recovered";
      }
      if (now.getTime() - open.createdAt.getTime() < PAST_DUE_DAYS * 86_400_000) return null;
      await tx.localInvoice.updateMany({ where: { customerId, status: "open" }, data: { status: "uncollectible" } });
      await endSubscription(tx, ctx, row, now, "unpaid");
      return "unpaidEnded";
    }),
  );
}

/**
 * Renews and ends the offline provider's subscriptions due at `now` (the tests pass their own
 * clock), across every workspace or only `accountIds`; each one in its own transaction with its
 * row locked (SKIP LOCKED), so two processes never handle one twice. Returns how many took each
 * outcome.
 */
export async function runLocalRenewals(
  ctx: ServiceContext,
  { now = new Date(), accountIds }: { now?: Date; accountIds?: string[] } = {},
): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { renewed: 0, pastDue: 0, ended: 0, recovered: 0, unpaidEnded: 0 };
  const scope = accountIds ? { accountId: { in: accountIds } } : {};
  const pastDue = await db.subscription.findMany({
    where: { provider: "local", status: "past_due", ...scope },
    select: { id: true, accountId: true },
  });
  for (const row of pastDue) {
    const outcome = await retryOne(ctx, row.id, row.accountId, now);
    if (outcome) counts[outcome]++;
  }
  // A subscription many periods behind (the app was off) catches up one period per pass.
  for (let pass = 0; pass < 24; pass++) {
    const due = await db.subscription.findMany({
      where: { provider: "local", status: { in: ["active", "trialing", "past_due"] }, currentPeriodEnd: { lte: now }, ...scope },
      select: { id: true, accountId: true },
      orderBy: { currentPeriodEnd: "asc" },
      take: 500,
    });
    let changed = 0;
    for (const row of due) {
      const outcome = await renewOne(ctx, row.id, row.accountId, now);
      if (outcome) {
        counts[outcome]++;
        changed++;
      }
    }
    if (!changed) break;
  }
  return counts;
}

/** Hourly (UTC): the offline provider's renewals and period ends. With Stripe, its webhooks bring the same news. */
export const billingRenewalsJob = defineJob({
  name: "billingRenewals",
  description:
    "Renews the offline billing provider's subscriptions whose period ended (invoice and charge), and ends those cancelled at period end.",
  input: z.object({}),
  schedule: "20 * * * *",
  run: async (ctx) => {
    const counts = await runLocalRenewals(ctx);
    if (Object.values(counts).some(Boolean)) console.info("[jobs] billing renewals", counts);
    return counts;
  },
});
