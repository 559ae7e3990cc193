/** Where the operations of lib/billing/billing-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const productsOp = { name: "products", method: "GET", path: "/vapp/billing/products" } as const;
export const subscriptionsOp = { name: "subscriptions", method: "GET", path: "/vapp/billing/subscriptions" } as const;
export const subscriptionOp = { name: "subscription", method: "GET", path: "/vapp/billing/subscriptions/{id}" } as const;
export const upsertSubscriptionOp = { name: "upsertSubscription", method: "PUT", path: "/vapp/billing/subscriptions" } as const;
export const upcomingInvoiceOp = { name: "upcomingInvoice", method: "POST", path: "/vapp/billing/invoices/upcoming" } as const;
export const invoicesOp = { name: "invoices", method: "GET", path: "/vapp/billing/invoices" } as const;
export const billingDetailsOp = { name: "billingDetails", method: "GET", path: "/vapp/billing/details" } as const;
export const updateBillingDetailsOp = { name: "updateBillingDetails", method: "PUT", path: "/vapp/billing/details" } as const;
export const checkPromotionCodeOp = { name: "checkPromotionCode", method: "POST", path: "/vapp/billing/promotion-codes/check" } as const;
export const retrieveTaxRateByAccountOp = { name: "retrieveTaxRateByAccount", method: "GET", path: "/vapp/billing/tax-rate" } as const;
export const billingPortalOp = { name: "billingPortal", method: "GET", path: "/vapp/billing/portal" } as const;
export const invoiceReceiptOp = { name: "invoiceReceipt", method: "GET", path: "/vapp/billing/invoices/{id}/receipt" } as const;
