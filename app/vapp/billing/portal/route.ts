import { billingPortalOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** The billing portal's address. */
export const GET = restRoute(billingPortalOperation, { headers: { "cache-control": "no-store" } });
