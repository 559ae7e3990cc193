import { invoicesOperation } from "@/lib/billing/billing-operations";
import { restRoute } from "@/lib/operations/rest";

/** The workspace's past invoices. */
export const GET = restRoute(invoicesOperation);
