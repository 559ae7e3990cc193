import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { applyPlan, keepsPlan } from "./apply-plan";
import { billingProvider } from "./billing-provider";
import { withBillingLease } from "./customer";
import { cardFailure } from "./payment-methods";
import { productSchema, toProduct } from "./products";
import type { PriceRef, ProviderSubscription } from "./provider";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

const subscriptionInclude = { quota: { include: { product: { include: { quotas: true } } } } } as const;

/** The workspace's plan subscription (spec section 3, Subscription); its one item is the plan. */
export const subscriptionSchema = z
  .object({
    id: z.string(),
    type: z.enum(["plan"]),
    status: z.string(),
    quantity: z.number().int(),
    cancelAtPeriodEnds: z.boolean(),
    startedAt: z.date(),
    endsAt: z.date().nullable(),
    cancelledAt: z.date().nullable(),
    paymentFailedAt: z.date().nullable(),
    capabilities: z.array(z.string()),
    limits: z.unknown(),
    coupon: z.string().nullable(),
    items: z.array(z.object({ type: z.enum(["plan"]), quota: z.string(), quantity: z.number().int(), product: productSchema })),
  })
  .describe("The workspace's plan subscription.");

type Row = NonNullable<Awaited<ReturnType<typeof findRow>>>;
const findRow = (where: { accountId: string; id?: string }) => db.subscription.findFirst({ where, include: subscriptionInclude });

export const toSubscriptionView = (row: Row): z.infer<typeof subscriptionSchema> => ({
  id: row.id,
  type: "plan",
  status: row.status,
  quantity: row.quantity,
  cancelAtPeriodEnds: row.cancelAtPeriodEnd,
  startedAt: row.startedAt,
  endsAt: row.currentPeriodEnd,
  cancelledAt: row.cancelledAt,
  paymentFailedAt: row.paymentFailedAt,
  capabilities: row.quota.product.capabilities,
  limits: row.quota.product.limits,
  coupon: row.couponId,
  items: [{ type: "plan", quota: row.quotaId, quantity: row.quantity, product: toProduct(row.quota.product) }],
});

/** The workspace's subscriptions (one at most: the plan). A free workspace has none. */
export async function listSubscriptions(ctx: ServiceContext) {
  const row = await findRow(accountScope(ctx));
  return row ? [toSubscriptionView(row)] : [];
}

/** One subscription by id, or the plan's when no id is given (null on the free plan). */
export async function getSubscription(ctx: ServiceContext, input: { id?: string }) {
  const row = await findRow({ ...accountScope(ctx), ...(input.id ? { id: input.id } : {}) });
  if (!row && input.id) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Subscription not found." });
  return row ? toSubscriptionView(row) : null;
}

export const upsertSubscriptionSchema = z
  .object({
    items: z.array(z.object({ quota: idString(), quantity: z.number().int().min(1).max(1000) }).strict()).length(1),
    coupon: z.string().trim().min(1).max(LIMITS.code).nullish(),
  })
  .strict();

/** A quota on offer, or VALIDATION_FAILED. */
export async function requireQuota(quotaId: string) {
  const quota = await db.productQuota.findUnique({ where: { id: quotaId }, include: { product: true } });
  if (!quota || !quota.product.active)
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Choose one of the plans on offer.",
      params: { fields: "items.0.quota" },
      details: { fields: [{ path: "items.0.quota", code: "invalid", message: "Choose one of the plans on offer." }] },
    });
  return quota;
}

export const priceRef = (quota: {
  id: string;
  providerPriceId: string | null;
  amount: number;
  currency: string;
  interval: "month" | "year";
}): PriceRef => ({
  priceId: quota.providerPriceId,
  quotaId: quota.id,
  amount: quota.amount,
  currency: quota.currency,
  interval: quota.interval,
});

/**
 * Confirms checkout (spec: subscription upsert with {items:[{quota, quantity}], coupon}): a paid
 * plan creates or changes the provider's subscription and the workspace's plan follows at once
 * (capabilities and limits, in the same transaction as the Subscription row); the free plan
 * cancels the paid one at its period's end (the webhook moves the workspace back then); the
 * current plan again undoes a pending cancellation. One change at a time per workspace
 * (withBillingLease): two confirms at once make one subscription.
 */
export async function upsertSubscription(ctx: ServiceContext, input: z.infer<typeof upsertSubscriptionSchema>) {
  const { accountId } = accountScope(ctx);
  const [item] = input.items;
  const quota = await requireQuota(item.quota);
  const provider = billingProvider();
  return withBillingLease(ctx, async (customerId) => {
    const current = await db.subscription.findUnique({ where: { accountId }, include: { quota: { include: { product: true } } } });
    const toFree = quota.product.slug === "free";
    if (toFree && (!current || !keepsPlan(current.status))) return current ? getSubscription(ctx, { id: current.id }) : null;
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    const country = (account.address as { country?: string } | null)?.country ?? null;
    if (!toFree && !country)
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: "Fill in the billing details first.",
        params: { fields: "address.country" },
        details: { fields: [{ path: "address.country", code: "required", message: "Fill in the billing details first." }] },
      });
    const live = current && keepsPlan(current.status) ? current : null;
    const target = toFree ? live!.quota : quota;
    const taxRate = await provider.taxRateFor(country);
    const result: ProviderSubscription = await provider
      .upsertSubscription({
        customerId,
        subscriptionId: live?.providerSubscriptionId ?? null,
        price: priceRef(target),
        quantity: toFree ? live!.quantity : item.quantity,
        couponId: toFree ? null : (input.coupon ?? null),
        taxRate,
        cancelAtPeriodEnd: toFree,
      })
      .catch((error) => {
        throw cardFailure(error);
      });
    const row = await db.$transaction(async (tx) => {
      const data = {
        quotaId: target.id,
        status: result.status,
        quantity: result.quantity,
        cancelAtPeriodEnd: result.cancelAtPeriodEnd,
        currentPeriodStart: result.currentPeriodStart,
        currentPeriodEnd: result.currentPeriodEnd,
        cancelledAt: result.cancelledAt,
        couponId: result.couponId ?? (toFree ? (live?.couponId ?? null) : (input.coupon ?? null)),
        provider: provider.name,
        providerSubscriptionId: result.id,
        // The provider's answer is its state now: a webhook event from before this change is older
        // (to the second, as events' `created` is: one from this very second still applies).
        providerStateAt: new Date(Math.floor(Date.now() / 1000) * 1000),
      };
      const saved = await tx.subscription.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
      const product = keepsPlan(result.status)
        ? await applyPlan(tx, accountId, { slug: target.product.slug, interval: target.interval, periodStart: result.currentPeriodStart })
        : null;
      await recordAudit(tx, ctx, {
        eventType: toFree ? "subscription.cancelScheduled" : current ? "subscription.updated" : "subscription.created",
        targetType: "subscription",
        targetId: saved.id,
        payload: { plan: product?.slug ?? target.product.slug, interval: target.interval, quantity: saved.quantity, status: saved.status },
      });
      return saved;
    });
    return getSubscription(ctx, { id: row.id });
  });
}
