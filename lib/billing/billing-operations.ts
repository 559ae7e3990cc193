import { z } from "zod";
import { defineOperation, fileOutput } from "@/lib/operations/operation";
import { billingDetailsOutput, billingDetailsSchema, getBillingDetails, updateBillingDetails } from "./billing-details";
import { billingPortal, checkPromotionCode, promotionCodeSchema, retrieveTaxRateByAccount, taxRateSchema } from "./billing-lookups";
import { getInvoiceReceipt } from "./invoice-receipt";
import { invoiceListSchema, invoicePageSchema, invoiceSchema, listInvoices, upcomingInvoice, upcomingInvoiceSchema } from "./invoices";
import { listProducts, productSchema } from "./products";
import { getSubscription, listSubscriptions, subscriptionSchema, upsertSubscription, upsertSubscriptionSchema } from "./subscriptions";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

/**
 * Billing (spec section 7, "Billing operations"; docs/billing.md), declared once for REST and
 * GraphQL. Everything but the plans on offer is the workspace administrator's: ManageBilling, a
 * signed-in member only (an API token does not buy plans). Cards: payment-method-operations.ts.
 */
const administrators = { callers: ["member"], permission: "ManageBilling" } as const;
const id = idString();

export const productsOperation = defineOperation({
  name: "products",
  kind: "query",
  description: "The plans on offer (free, standard, premium), with their capabilities, limits and monthly and yearly prices in cents.",
  callers: ["member", "apiToken"],
  input: z.object({}).strict(),
  output: z.array(productSchema),
  run: () => listProducts(),
});

export const subscriptionsOperation = defineOperation({
  name: "subscriptions",
  kind: "query",
  description: "The workspace's subscriptions: its paid plan's, or none on the free plan.",
  ...administrators,
  input: z.object({}).strict(),
  output: z.array(subscriptionSchema),
  run: (ctx) => listSubscriptions(ctx),
});

export const subscriptionOperation = defineOperation({
  name: "subscription",
  kind: "query",
  description: "One of the workspace's subscriptions by id.",
  ...administrators,
  input: z.object({ id }).strict(),
  output: subscriptionSchema.nullable(),
  ids: ["id"],
  run: (ctx, input) => getSubscription(ctx, input),
});

export const upsertSubscriptionOperation = defineOperation({
  name: "upsertSubscription",
  kind: "mutation",
  description:
    "Confirms checkout: { items: [{ quota, quantity }], coupon }. A paid plan applies at once; the free plan cancels the paid one at its period's end; one change at a time (CONFLICT).",
  ...administrators,
  input: upsertSubscriptionSchema,
  output: subscriptionSchema.nullable(),
  run: (ctx, input) => upsertSubscription(ctx, input),
});

export const upcomingInvoiceOperation = defineOperation({
  name: "upcomingInvoice",
  kind: "query",
  description: "What confirming checkout would invoice now: { subscription, prediction: { cancelAtPeriodEnds, items, coupon } }, with tax.",
  ...administrators,
  input: upcomingInvoiceSchema,
  output: invoiceSchema,
  ids: ["subscription"],
  run: (ctx, input) => upcomingInvoice(ctx, input),
});

export const invoicesOperation = defineOperation({
  name: "invoices",
  kind: "query",
  description:
    "The workspace's past invoices, newest first, a page at a time: { limit (12, at most 50), startingAfter (the previous page's nextCursor) }.",
  ...administrators,
  input: invoicePageSchema,
  output: invoiceListSchema,
  ids: ["startingAfter"],
  run: (ctx, input) => listInvoices(ctx, input),
});

export const invoiceReceiptOperation = defineOperation({
  name: "invoiceReceipt",
  kind: "download",
  description: "The receipt (PDF) of one of the workspace's invoices of the offline billing provider; Stripe's are read on Stripe's page.",
  ...administrators,
  input: z.object({ id }).strict(),
  output: fileOutput,
  ids: ["id"],
  run: (ctx, input) => getInvoiceReceipt(ctx, input),
});

export const billingDetailsOperation = defineOperation({
  name: "billingDetails",
  kind: "query",
  description: "The workspace's billing details: legal name, address, tax id and billing email.",
  ...administrators,
  input: z.object({}).strict(),
  output: billingDetailsOutput,
  run: (ctx) => getBillingDetails(ctx),
});

export const updateBillingDetailsOperation = defineOperation({
  name: "updateBillingDetails",
  kind: "mutation",
  description: "Saves the billing details (legal name, address with its country, optional tax id and billing email).",
  ...administrators,
  input: billingDetailsSchema,
  output: billingDetailsOutput,
  run: (ctx, input) => updateBillingDetails(ctx, input),
});

export const checkPromotionCodeOperation = defineOperation({
  name: "checkPromotionCode",
  kind: "query",
  description: "A promotion code's coupon, or null when the code is not valid.",
  ...administrators,
  input: z.object({ code: z.string().trim().min(1).max(LIMITS.code) }).strict(),
  output: promotionCodeSchema.nullable(),
  run: (ctx, input) => checkPromotionCode(ctx, input),
});

export const taxRateOperation = defineOperation({
  name: "retrieveTaxRateByAccount",
  kind: "query",
  description: "The tax rate of the workspace's billing country: { name, percentage }, or null.",
  ...administrators,
  input: z.object({}).strict(),
  output: taxRateSchema,
  run: (ctx) => retrieveTaxRateByAccount(ctx),
});

export const billingPortalOperation = defineOperation({
  name: "billingPortal",
  kind: "query",
  description: "The address of the billing provider's portal for the workspace (offline: its billing settings).",
  ...administrators,
  input: z.object({}).strict(),
  output: z.object({ url: z.string() }),
  run: (ctx) => billingPortal(ctx),
});

export const billingOperations = [
  productsOperation,
  subscriptionsOperation,
  subscriptionOperation,
  upsertSubscriptionOperation,
  upcomingInvoiceOperation,
  invoicesOperation,
  invoiceReceiptOperation,
  billingDetailsOperation,
  updateBillingDetailsOperation,
  checkPromotionCodeOperation,
  taxRateOperation,
  billingPortalOperation,
];
