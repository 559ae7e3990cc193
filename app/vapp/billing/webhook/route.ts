import { receiveWebhook } from "@/lib/billing/webhook";
import { route } from "@/lib/http/route";
import { readBodyText } from "@/lib/http/parse-input";

/** Stripe's events are small; a larger body is refused before its signature is checked. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * The billing provider's webhook (lib/billing/webhook.ts), a plain route on purpose: the caller is
 * Stripe, its credential the `stripe-signature` header over the exact body (no cookie, no CSRF
 * token). A bad signature answers 400 and changes nothing; a good event is stored once and
 * applied on the job queue.
 */
export const POST = route({ operation: "billingWebhook", credentialsInBody: true }, async ({ req }) =>
  receiveWebhook(await readBodyText(req, MAX_WEBHOOK_BYTES), req.headers.get("stripe-signature")),
);
