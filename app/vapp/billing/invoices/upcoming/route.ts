import { upcomingInvoiceOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** What confirming checkout would invoice now (POST: the prediction is a body). */
export const POST = restRoute(upcomingInvoiceOperation);
