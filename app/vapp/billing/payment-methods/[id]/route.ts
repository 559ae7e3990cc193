import { deletePaymentMethodOperation } from "@/lib/billing/payment-method-operations";
import { restRoute } from "@/lib/operations/rest";

/** Deletes a card that is not the last. */
export const DELETE = restRoute(deletePaymentMethodOperation, { withParams: true });
