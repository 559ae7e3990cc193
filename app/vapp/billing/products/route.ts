import { productsOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** The plans on offer. */
export const GET = restRoute(productsOperation);
