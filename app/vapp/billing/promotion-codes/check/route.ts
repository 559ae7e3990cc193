import { checkPromotionCodeOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** A promotion code's coupon, or null (POST: the code stays out of the address). */
export const POST = restRoute(checkPromotionCodeOperation);
