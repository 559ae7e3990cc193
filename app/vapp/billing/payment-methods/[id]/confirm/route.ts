import { confirmPaymentMethodOperation } from "@/lib/billing/payment-method-operations";
import { restRoute } from "@/lib/operations/rest";

/** Completes saving a card its holder confirmed. */
export const POST = restRoute(confirmPaymentMethodOperation, { withParams: true });
