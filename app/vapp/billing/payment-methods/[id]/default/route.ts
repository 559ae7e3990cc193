import { setDefaultPaymentMethodOperation } from "@/lib/billing/payment-method-operations";
import { restRoute } from "@/lib/operations/rest";

/** Makes the card the default one. */
export const PUT = restRoute(setDefaultPaymentMethodOperation, { withParams: true });
