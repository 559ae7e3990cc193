import type { Prisma } from "@/lib/generated/prisma/client";
import { accountLimits, type Interval, type PlanLimits } from "./plans";

type Tx = Pick<Prisma.TransactionClient, "account" | "product">;

/** Subscription statuses that keep the paid plan: a failed payment is retried before Stripe ends it. */
export const PAID_STATUSES = ["active", "trialing", "past_due"] as const;
export const keepsPlan = (status: string) => (PAID_STATUSES as readonly string[]).includes(status);

/**
 * Copies a plan onto the workspace (Account.planSlug, capabilities, limits): the copy each
 * request's context reads, so no query per request. Called in the transaction that changes the
 * subscription. A yearly plan counts its documents over its period, with the limit ×12.
 */
export async function applyPlan(tx: Tx, accountId: string, plan: { slug: string; interval: Interval; periodStart: Date | null }) {
  const product = await tx.product.findUniqueOrThrow({ where: { slug: plan.slug } });
  const interval = plan.slug === "free" ? "month" : plan.interval;
  await tx.account.update({
    where: { id: accountId },
    data: {
      planSlug: product.slug,
      capabilities: product.capabilities,
      limits: accountLimits(product.limits as PlanLimits, interval, plan.periodStart),
    },
  });
  return product;
}
