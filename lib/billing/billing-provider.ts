import { LocalProvider } from "./local-provider";
import type { BillingProvider } from "./provider";
import { StripeProvider } from "./stripe-provider";

let cached: { key: string; provider: BillingProvider } | undefined;

/**
 * The configured provider: Stripe when STRIPE_SECRET_KEY is set (STRIPE_WEBHOOK_SECRET verifies
 * its webhooks; STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL send its requests to
 * another server, such as the tests' fake), else the offline provider.
 */
export function billingProvider(): BillingProvider {
  const env = process.env;
  const key = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_API_HOST, env.STRIPE_API_PORT, env.STRIPE_API_PROTOCOL].join(
    "|",
  );
  if (cached?.key === key) return cached.provider;
  const provider = env.STRIPE_SECRET_KEY
    ? new StripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
        host: env.STRIPE_API_HOST || undefined,
        port: env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined,
        protocol: env.STRIPE_API_PROTOCOL === "http" ? "http" : undefined,
      })
    : new LocalProvider();
  cached = { key, provider };
  return provider;
}
