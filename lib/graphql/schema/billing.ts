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
import {
  confirmPaymentMethodOperation,
  createPaymentMethodOperation,
  deletePaymentMethodOperation,
  paymentMethodsOperation,
  setDefaultPaymentMethodOperation,
} from "@/lib/billing/payment-method-operations";
import { graphqlInput, resolveOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";

/** Billing (spec sections 3 and 7, docs/billing.md): the same declarations as /vapp/billing/**. */
const QuotaInterval = builder.simpleObject("QuotaInterval", { fields: (t) => ({ each: t.string() }) });
const QuotaRecurring = builder.simpleObject("QuotaRecurring", {
  fields: (t) => ({ interval: t.field({ type: QuotaInterval }), eachUnit: t.string() }),
});
const ProductQuota = builder.simpleObject("ProductQuota", {
  description: "A plan's price: amount in cents per month or per year.",
  fields: (t) => ({
    id: t.id(),
    amount: t.int(),
    currency: t.string(),
    recurring: t.field({ type: QuotaRecurring }),
    metadata: t.field({ type: "JSON", nullable: true }),
  }),
});
const Product = builder.simpleObject("Product", {
  description: "A plan: free, standard or premium.",
  fields: (t) => ({
    id: t.id(),
    slug: t.string(),
    name: t.string(),
    description: t.string({ nullable: true }),
    position: t.int(),
    active: t.boolean(),
    default: t.boolean(),
    capabilities: t.stringList(),
    limits: t.field({ type: "JSON", nullable: true }),
    upgradeProduct: t.string({ nullable: true }),
    quotas: t.field({ type: [ProductQuota] }),
  }),
});
const SubscriptionItem = builder.simpleObject("SubscriptionItem", {
  fields: (t) => ({ type: t.string(), quota: t.string(), quantity: t.int(), product: t.field({ type: Product }) }),
});
const BillingSubscription = builder.simpleObject("BillingSubscription", {
  description: "The workspace's plan subscription.",
  fields: (t) => ({
    id: t.id(),
    type: t.string(),
    status: t.string(),
    quantity: t.int(),
    cancelAtPeriodEnds: t.boolean(),
    startedAt: t.field({ type: "DateTime" }),
    endsAt: t.field({ type: "DateTime", nullable: true }),
    cancelledAt: t.field({ type: "DateTime", nullable: true }),
    paymentFailedAt: t.field({ type: "DateTime", nullable: true }),
    capabilities: t.stringList(),
    limits: t.field({ type: "JSON", nullable: true }),
    coupon: t.string({ nullable: true }),
    items: t.field({ type: [SubscriptionItem] }),
  }),
});
const TaxRate = builder.simpleObject("TaxRate", { fields: (t) => ({ name: t.string(), percentage: t.float() }) });
const InvoiceLine = builder.simpleObject("InvoiceLine", {
  fields: (t) => ({
    type: t.string(),
    quota: t.string({ nullable: true }),
    quantity: t.int(),
    amount: t.int(),
    total: t.int(),
    currency: t.string(),
    endedAt: t.field({ type: "DateTime", nullable: true }),
  }),
});
const Invoice = builder.simpleObject("Invoice", {
  description: "An invoice, or the upcoming one: amounts in cents.",
  fields: (t) => ({
    id: t.id({ nullable: true }),
    amount: t.int(),
    currency: t.string(),
    subtotal: t.int(),
    discount: t.int(),
    tax: t.int(),
    total: t.int(),
    createdAt: t.field({ type: "DateTime", nullable: true }),
    lines: t.field({ type: [InvoiceLine] }),
    taxRate: t.field({ type: TaxRate, nullable: true }),
  }),
});
const PastInvoice = builder.simpleObject("PastInvoice", {
  description: "A past invoice: amounts in cents; url is Stripe's invoice page or, offline, the app's receipt.",
  fields: (t) => ({
    id: t.id(),
    number: t.string({ nullable: true }),
    status: t.string({ nullable: true }),
    createdAt: t.field({ type: "DateTime", nullable: true }),
    currency: t.string(),
    subtotal: t.int(),
    discount: t.int(),
    tax: t.int(),
    total: t.int(),
    amount: t.int(),
    url: t.string({ nullable: true }),
  }),
});
const InvoiceList = builder.simpleObject("InvoiceList", {
  description: "A page of past invoices, newest first; nextCursor goes to startingAfter for the next page.",
  fields: (t) => ({
    invoices: t.field({ type: [PastInvoice] }),
    hasMore: t.boolean(),
    nextCursor: t.string({ nullable: true }),
  }),
});
const PaymentMethod = builder.simpleObject("PaymentMethod", {
  description: "A saved card.",
  fields: (t) => ({
    id: t.id(),
    brand: t.string(),
    lastDigits: t.string(),
    expirationMonth: t.int(),
    expirationYear: t.int(),
    isExpired: t.boolean(),
    default: t.boolean(),
    // { clientSecret }: the SetupIntent's secret the browser needs to confirm the card (spec
    // metadata.clientSecret), meant for the client by Stripe's design; JSON keeps it out of the
    // schema's field names, which the response scan keeps free of secrets.
    metadata: t.field({ type: "JSON" }),
  }),
});
const Coupon = builder.simpleObject("Coupon", {
  fields: (t) => ({
    id: t.id(),
    name: t.string({ nullable: true }),
    percentOff: t.float({ nullable: true }),
    amountOff: t.int({ nullable: true }),
    currency: t.string({ nullable: true }),
  }),
});
const PromotionCode = builder.simpleObject("PromotionCode", {
  fields: (t) => ({ id: t.id(), code: t.string(), coupon: t.field({ type: Coupon }) }),
});
const BillingAddress = builder.simpleObject("BillingAddress", {
  fields: (t) => ({
    line1: t.string({ nullable: true }),
    line2: t.string({ nullable: true }),
    city: t.string({ nullable: true }),
    state: t.string({ nullable: true }),
    postalCode: t.string({ nullable: true }),
    country: t.string({ nullable: true }),
  }),
});
const BillingTax = builder.simpleObject("BillingTax", { fields: (t) => ({ taxId: t.string({ nullable: true }) }) });
const BillingDetails = builder.simpleObject("BillingDetails", {
  fields: (t) => ({
    legalName: t.string({ nullable: true }),
    address: t.field({ type: BillingAddress, nullable: true }),
    tax: t.field({ type: BillingTax }),
    billingEmail: t.string({ nullable: true }),
  }),
});
const BillingPortal = builder.simpleObject("BillingPortal", { fields: (t) => ({ url: t.string() }) });

const ItemInput = builder.inputType("SubscriptionItemInput", {
  fields: (t) => ({ quota: t.string({ required: true }), quantity: t.int({ required: true }) }),
});
const PredictionInput = builder.inputType("InvoicePredictionInput", {
  fields: (t) => ({ cancelAtPeriodEnds: t.boolean(), items: t.field({ type: [ItemInput], required: true }), coupon: t.string() }),
});
const AddressInput = builder.inputType("BillingAddressInput", {
  fields: (t) => ({
    line1: t.string({ required: true }),
    line2: t.string(),
    city: t.string({ required: true }),
    state: t.string({ required: true }),
    postalCode: t.string({ required: true }),
    country: t.string({ required: true }),
  }),
});
const BillingDetailsInput = builder.inputType("BillingDetailsInput", {
  fields: (t) => ({
    legalName: t.string({ required: true }),
    address: t.field({ type: AddressInput, required: true }),
    taxId: t.string(),
    billingEmail: t.string(),
  }),
});

builder.queryFields((t) => ({
  products: t.field({ type: [Product], resolve: resolveOperation(productsOperation) as never }),
  subscriptions: t.field({ type: [BillingSubscription], resolve: resolveOperation(subscriptionsOperation) as never }),
  subscription: t.field({
    type: BillingSubscription,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(subscriptionOperation) as never,
  }),
  upcomingInvoice: t.field({
    type: Invoice,
    args: { subscription: t.arg.id(), prediction: t.arg({ type: PredictionInput, required: true }) },
    resolve: resolveOperation(upcomingInvoiceOperation, (args) => graphqlInput(args, ["subscription"])) as never,
  }),
  invoices: t.field({
    type: InvoiceList,
    args: { limit: t.arg.int(), startingAfter: t.arg.id() },
    resolve: resolveOperation(invoicesOperation, (args) => graphqlInput(args, ["startingAfter"])) as never,
  }),
  billingDetails: t.field({ type: BillingDetails, resolve: resolveOperation(billingDetailsOperation) as never }),
  checkPromotionCode: t.field({
    type: PromotionCode,
    nullable: true,
    args: { code: t.arg.string({ required: true }) },
    resolve: resolveOperation(checkPromotionCodeOperation) as never,
  }),
  retrieveTaxRateByAccount: t.field({ type: TaxRate, nullable: true, resolve: resolveOperation(taxRateOperation) as never }),
  billingPortal: t.field({ type: BillingPortal, resolve: resolveOperation(billingPortalOperation) as never }),
  paymentMethods: t.field({ type: [PaymentMethod], resolve: resolveOperation(paymentMethodsOperation) as never }),
}));

builder.mutationFields((t) => ({
  upsertSubscription: t.field({
    type: BillingSubscription,
    nullable: true,
    args: { items: t.arg({ type: [ItemInput], required: true }), coupon: t.arg.string() },
    resolve: resolveOperation(upsertSubscriptionOperation) as never,
  }),
  updateBillingDetails: t.field({
    type: BillingDetails,
    args: { data: t.arg({ type: BillingDetailsInput, required: true }) },
    resolve: resolveOperation(updateBillingDetailsOperation, ({ data }) => graphqlInput(data as Record<string, unknown>)) as never,
  }),
  createPaymentMethod: t.field({
    type: PaymentMethod,
    args: { tokenId: t.arg.string({ required: true }) },
    resolve: resolveOperation(createPaymentMethodOperation) as never,
  }),
  confirmPaymentMethod: t.field({
    type: PaymentMethod,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(confirmPaymentMethodOperation) as never,
  }),
  setDefaultPaymentMethod: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(setDefaultPaymentMethodOperation) as never,
  }),
  deletePaymentMethod: t.field({
    type: PaymentMethod,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deletePaymentMethodOperation) as never,
  }),
}));
