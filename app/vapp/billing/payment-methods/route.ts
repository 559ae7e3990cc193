import { createPaymentMethodOperation, paymentMethodsOperation } from "@/lib/billing/payment-method-operations";
import { restRoute } from "@/lib/operations/rest";

/** The saved cards. */
export const GET = restRoute(paymentMethodsOperation);

/** Saves a card from its token: { tokenId }. */
export const POST = restRoute(createPaymentMethodOperation, { status: 201 });
