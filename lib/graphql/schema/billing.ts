import type { z } from "zod";
import {
  billingDetailsOperation,
  billingPortalOperation,
  checkPromotionCodeOperation,
  invoicesOperation,
  productsOperation,
  subscriptionOperation,
  subscriptionsOperation,
  taxRateOperation,
  upcomingInvoiceOperation,
  updateBillingDetailsOperation,
  upsertSubscriptionOperation,
} from "@/lib/billing/billing-operations";
import { billingDetailsOutput, billingDetailsSchema } from "@/lib/billing/billing-details";
import { promotionCodeSchema, taxRateSchema } from "@/lib/billing/billing-lookups";
import { invoiceListSchema, invoiceSchema, pastInvoiceSchema, upcomingInvoiceSchema } from "@/lib/billing/invoices";
import {
  confirmPaymentMethodOperation,
  createPaymentMethodOperation,
  deletePaymentMethodOperation,
  paymentMethodsOperation,
  setDefaultPaymentMethodOperation,
} from "@/lib/billing/payment-method-operations";
import type { PaymentMethod as PaymentMethodView } from "@/lib/billing/payment-methods";
import { productSchema, quotaSchema } from "@/lib/billing/products";
import { subscriptionSchema, upsertSubscriptionSchema } from "@/lib/billing/subscriptions";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";

/**
 * Billing (spec sections 3 and 7, docs/billing.md): the same declarations as /vapp/billing/**,
 * each field built from its declaration (lib/graphql/from-declarations.ts): arguments, result
 * type, enums and description. Written by hand: the saved card's type, whose metadata stays JSON.
 */

/** The GraphQL names of the declarations' shapes. */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [productSchema, "Product"],
    [quotaSchema, "ProductQuota"],
    [quotaSchema.shape.recurring, "QuotaRecurring"],
    [quotaSchema.shape.recurring.shape.interval, "QuotaInterval"],
    [subscriptionSchema, "BillingSubscription"],
    [subscriptionSchema.shape.items.element, "SubscriptionItem"],
    [upsertSubscriptionSchema.shape.items.element, "SubscriptionItem"],
    [upcomingInvoiceSchema.shape.prediction, "InvoicePrediction"],
    [upcomingInvoiceSchema.shape.prediction.shape.items.element, "SubscriptionItem"],
    [invoiceSchema, "Invoice"],
    [invoiceSchema.shape.lines.element, "InvoiceLine"],
    [invoiceSchema.shape.taxRate.unwrap(), "TaxRate"],
    [taxRateSchema.unwrap(), "TaxRate"],
    [invoiceListSchema, "InvoiceList"],
    [pastInvoiceSchema, "PastInvoice"],
    [promotionCodeSchema, "PromotionCode"],
    [promotionCodeSchema.shape.coupon, "Coupon"],
    [billingDetailsOutput, "BillingDetails"],
    [billingDetailsOutput.shape.address.unwrap(), "BillingAddress"],
    [billingDetailsOutput.shape.tax, "BillingTax"],
    [billingDetailsSchema.shape.address, "BillingAddress"],
  ]),
  enums: {
    "month|year": "QuotaIntervalUnit",
    plan: "SubscriptionType",
    "unused|remaining": "InvoiceLineType",
    "paid|open|draft|void|uncollectible": "InvoiceStatus",
  },
};

/** A saved card: its metadata ({ clientSecret }) stays JSON (see below). */
const PaymentMethod = builder.objectRef<PaymentMethodView>("PaymentMethod").implement({
  description: "A saved card.",
  fields: (t) => ({
    id: t.exposeID("id"),
    brand: t.exposeString("brand"),
    lastDigits: t.exposeString("lastDigits"),
    expirationMonth: t.exposeInt("expirationMonth"),
    expirationYear: t.exposeInt("expirationYear"),
    isExpired: t.exposeBoolean("isExpired"),
    default: t.exposeBoolean("default"),
    // { clientSecret }: the SetupIntent's secret the browser needs to confirm the card (spec
    // metadata.clientSecret), meant for the client by Stripe's design; JSON keeps it out of the
    // schema's field names, which the response scan keeps free of secrets.
    metadata: t.field({ type: "JSON", resolve: (card) => card.metadata }),
  }),
});

const queries = [
  productsOperation,
  subscriptionsOperation,
  subscriptionOperation,
  upcomingInvoiceOperation,
  invoicesOperation,
  billingDetailsOperation,
  checkPromotionCodeOperation,
  taxRateOperation,
  billingPortalOperation,
  paymentMethodsOperation,
] as const;

builder.queryFields((t) =>
  declaredFields(t as never, queries as unknown as Operation[], naming, {
    billingPortal: "BillingPortal",
    paymentMethods: { ref: [PaymentMethod] },
  }),
);

const mutations = [
  upsertSubscriptionOperation,
  updateBillingDetailsOperation,
  createPaymentMethodOperation,
  confirmPaymentMethodOperation,
  setDefaultPaymentMethodOperation,
  deletePaymentMethodOperation,
] as const;

builder.mutationFields((t) =>
  declaredFields(t as never, mutations as unknown as Operation[], naming, {
    createPaymentMethod: { ref: PaymentMethod },
    confirmPaymentMethod: { ref: PaymentMethod },
    deletePaymentMethod: { ref: PaymentMethod },
  }),
);
