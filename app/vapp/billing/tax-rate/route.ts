import { taxRateOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** The tax rate of the billing country. */
export const GET = restRoute(taxRateOperation);
