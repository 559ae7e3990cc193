import { subscriptionOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** One subscription by id. */
export const GET = restRoute(subscriptionOperation, { withParams: true });
