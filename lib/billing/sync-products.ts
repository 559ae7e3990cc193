import { db } from "@/lib/db";
import { PLANS } from "./plans";

/**
 * Keeps the Product rows in step with lib/billing/plans.ts at start-up (the migration seeded
 * them): names, capabilities, limits and prices, and each price's Stripe id from
 * STRIPE_PRICE_<SLUG>_<INTERVAL> (e.g. STRIPE_PRICE_STANDARD_YEAR). Idempotent.
 */
export async function syncProducts(env: Record<string, string | undefined> = process.env) {
  for (const plan of PLANS) {
    const data = {
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      position: plan.position,
      default: plan.default,
      capabilities: plan.capabilities,
      limits: plan.limits,
      upgradeSlug: plan.upgradeSlug,
    };
    await db.product.upsert({ where: { id: plan.id }, create: { id: plan.id, ...data }, update: data });
    for (const quota of plan.quotas) {
      const priceId = env[`STRIPE_PRICE_${plan.slug.toUpperCase()}_${quota.interval.toUpperCase()}`] || null;
      const values = { interval: quota.interval, amount: quota.amount, currency: quota.currency, providerPriceId: priceId };
      await db.productQuota.upsert({
        where: { id: quota.id },
        create: { id: quota.id, productId: plan.id, ...values },
        update: values,
      });
    }
  }
}
