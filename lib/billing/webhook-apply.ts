import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { applyPlan, keepsPlan } from "./apply-plan";
import { toSubscription } from "./stripe-provider";
import type Stripe from "stripe";

/**
 * What a billing webhook changes (lib/billing/webhook.ts receives it, lib/billing/webhook-job.ts
 * runs this on the queue): subscription status, period and cancellation at period end into the
 * workspace's row and plan; failed and paid invoices onto the subscription.
 */
/** Applies one stored event, once: the row is locked and marked processed in the same transaction. */
export async function applyWebhookEvent(ctx: ServiceContext, eventId: string): Promise<"applied" | "skipped" | "ignored"> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM "ProcessedWebhookEvent" WHERE id = ${eventId} AND "processedAt" IS NULL FOR UPDATE`;
    if (!rows.length) return "skipped";
    const event = await tx.processedWebhookEvent.findUniqueOrThrow({ where: { id: eventId } });
    const { type, object, created } = event.payload as unknown as { type: string; object: Record<string, unknown>; created?: number };
    let outcome: "applied" | "ignored" = "ignored";
    const eventAt = new Date((created ?? Math.floor(event.receivedAt.getTime() / 1000)) * 1000);
    if (type.startsWith("customer.subscription."))
      outcome = await syncSubscription(tx, ctx, object as unknown as Stripe.Subscription, eventAt);
    else if (type === "invoice.payment_failed" || type === "invoice.paid") outcome = await syncPayment(tx, ctx, type, object, eventAt);
    await tx.processedWebhookEvent.update({ where: { id: eventId }, data: { processedAt: new Date() } });
    return outcome;
  });
}

type Tx = Prisma.TransactionClient;

const customerIdOf = (value: unknown) => (typeof value === "string" ? value : ((value as { id?: string } | null)?.id ?? null));

async function accountOfCustomer(tx: Tx, customer: unknown) {
  const customerId = customerIdOf(customer);
  if (!customerId) return null;
  return (await tx.billingCustomer.findFirst({ where: { customerId } }))?.accountId ?? null;
}

/**
 * The provider's subscription (status, period, cancellation, price) into the workspace's row and
 * plan. Events can arrive out of order (Stripe does not promise an order): each carries the
 * subscription as it was at the event's `created` instant, and the row keeps the instant of the
 * state it holds (`providerStateAt`). An event older than that is stale and changes nothing.
 */
async function syncSubscription(tx: Tx, ctx: ServiceContext, object: Stripe.Subscription, eventAt: Date): Promise<"applied" | "ignored"> {
  const remote = toSubscription(object);
  const existing = await tx.subscription.findUnique({ where: { providerSubscriptionId: remote.id } });
  const accountId = existing?.accountId ?? (await accountOfCustomer(tx, object.customer));
  if (!accountId) return "ignored";
  const current = existing ?? (await tx.subscription.findUnique({ where: { accountId } }));
  if (current?.providerStateAt && current.providerStateAt > eventAt) return "ignored";
  const quota =
    (remote.priceId && (await tx.productQuota.findFirst({ where: { providerPriceId: remote.priceId }, include: { product: true } }))) ||
    (await tx.subscription.findUnique({ where: { accountId }, include: { quota: { include: { product: true } } } }))?.quota;
  if (!quota) return "ignored";
  const data = {
    quotaId: quota.id,
    status: remote.status,
    quantity: remote.quantity,
    cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
    currentPeriodStart: remote.currentPeriodStart,
    currentPeriodEnd: remote.currentPeriodEnd,
    cancelledAt: remote.cancelledAt,
    provider: "stripe",
    providerSubscriptionId: remote.id,
    providerStateAt: eventAt,
  };
  const saved = await tx.subscription.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
  const paid = keepsPlan(remote.status);
  await applyPlan(
    tx,
    accountId,
    paid
      ? { slug: quota.product.slug, interval: quota.interval, periodStart: remote.currentPeriodStart }
      : { slug: "free", interval: "month", periodStart: null },
  );
  await recordAudit(tx, ctx, {
    accountId,
    eventType: "subscription.synced",
    targetType: "subscription",
    targetId: saved.id,
    payload: { status: remote.status, plan: paid ? quota.product.slug : "free", cancelAtPeriodEnd: remote.cancelAtPeriodEnd },
  });
  return "applied";
}

/**
 * A failed payment marks the subscription (its status follows with the subscription's own event);
 * a paid invoice clears it. In the order they happened, not the order they arrive: the mark keeps
 * the failure's instant, a payment older than it leaves it, and a failure older than a payment
 * already applied for the same customer is stale.
 */
async function syncPayment(
  tx: Tx,
  ctx: ServiceContext,
  type: string,
  invoice: Record<string, unknown>,
  eventAt: Date,
): Promise<"applied" | "ignored"> {
  const accountId = await accountOfCustomer(tx, invoice.customer);
  const row = accountId ? await tx.subscription.findUnique({ where: { accountId } }) : null;
  if (!accountId || !row) return "ignored";
  const failed = type === "invoice.payment_failed";
  if (failed) {
    const customerId = customerIdOf(invoice.customer);
    const seconds = Math.floor(eventAt.getTime() / 1000);
    const newerPayment = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "ProcessedWebhookEvent"
      WHERE "processedAt" IS NOT NULL AND "type" = 'invoice.paid'
        AND coalesce(payload->'object'->'customer'->>'id', payload->'object'->>'customer') = ${customerId}
        AND (payload->>'created')::bigint > ${seconds}
      LIMIT 1`;
    if (newerPayment.length) return "ignored";
    if (row.paymentFailedAt && row.paymentFailedAt > eventAt) return "ignored";
  } else if (row.paymentFailedAt && row.paymentFailedAt > eventAt) return "ignored";
  await tx.subscription.update({ where: { id: row.id }, data: { paymentFailedAt: failed ? eventAt : null } });
  await recordAudit(tx, ctx, {
    accountId,
    eventType: failed ? "subscription.paymentFailed" : "subscription.paid",
    targetType: "subscription",
    targetId: row.id,
    payload: { invoice: typeof invoice.id === "string" ? invoice.id : null },
  });
  return "applied";
}
