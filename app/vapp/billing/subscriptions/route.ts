import { subscriptionsOperation, upsertSubscriptionOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** The workspace's subscriptions. */
export const GET = restRoute(subscriptionsOperation);

/** Confirms checkout: { items: [{ quota, quantity }], coupon }. */
export const PUT = restRoute(upsertSubscriptionOperation);
