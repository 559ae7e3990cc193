import { billingDetailsOperation, updateBillingDetailsOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** The billing details. */
export const GET = restRoute(billingDetailsOperation);

/** Saves the billing details. */
export const PUT = restRoute(updateBillingDetailsOperation);
