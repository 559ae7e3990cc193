import "server-only";

/**
 * Stripe's publishable key for the card field (spec section 7: "the card provider's publishable
 * key comes from configuration"), read when the page renders, so one build serves any key:
 * `STRIPE_PUBLISHABLE_KEY`, or `NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY` (read through `env`, not
 * `process.env.NEXT_PUBLIC_…`, which the build would inline). Null unless the provider is Stripe too (STRIPE_SECRET_KEY):
 * the offline provider only understands its own card field's tokens.
 */
export function stripePublishableKey(env: Record<string, string | undefined> = process.env): string | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const key = env.STRIPE_PUBLISHABLE_KEY?.trim() || env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY?.trim();
  return key || null;
}
