import { invoiceReceiptOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** An offline invoice's receipt (PDF, inline). */
export const GET = restRoute(invoiceReceiptOperation, { withParams: true });
