import Stripe from "stripe";
import {
  CardError,
  type BillingProvider,
  type CustomerDetails,
  type InvoicePage,
  type ProviderCard,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderTaxRate,
  type SubscriptionRequest,
} from "./provider";

/** Where the client talks to: Stripe, or a local server (tests: tests/factories/stripe-fake.ts). */
export type StripeOptions = { secretKey: string; webhookSecret: string; host?: string; port?: number; protocol?: "http" | "https" };

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * The billing provider over Stripe's official client: customers, cards saved through
 * SetupIntents, subscriptions with one item {price, quantity} and a promotion code, the invoice
 * preview, promotion codes, tax rates by the account's country, the billing portal and webhook
 * signatures. Each method calls exactly the endpoints tests/factories/stripe-fake.ts serves.
 */
export class StripeProvider implements BillingProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 1,
      telemetry: false,
    });
  }

  async createCustomer(details: CustomerDetails) {
    const customer = await this.stripe.customers.create(
      { ...customerFields(details), metadata: { accountId: details.accountId } },
      { idempotencyKey: `customer-${details.accountId}` },
    );
    return customer.id;
  }

  async updateCustomer(customerId: string, details: CustomerDetails) {
    await this.stripe.customers.update(customerId, customerFields(details));
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    const [customer, methods] = await Promise.all([
      this.stripe.customers.retrieve(customerId),
      this.stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 100 }),
    ]);
    const defaultId = customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
    return methods.data.map((method) => toCard(method, method.id === defaultId, null));
  }

  async addCard(customerId: string, tokenId: string): Promise<ProviderCard> {
    try {
      const method = await this.stripe.paymentMethods.create({ type: "card", card: { token: tokenId } });
      const intent = await this.stripe.setupIntents.create({
        customer: customerId,
        payment_method: method.id,
        usage: "off_session",
        confirm: true,
      });
      if (intent.status === "requires_action") return toCard(method, false, intent.client_secret);
      if (intent.status !== "succeeded") throw new CardError("setup_intent_failed", null, "The card could not be saved.");
      return this.afterAttach(customerId, method);
    } catch (error) {
      throw asCardError(error);
    }
  }

  async confirmCard(customerId: string, cardId: string): Promise<ProviderCard | null> {
    const intents = await this.stripe.setupIntents.list({ customer: customerId, payment_method: cardId, limit: 1 });
    const intent = intents.data[0];
    if (!intent) return null;
    if (intent.status !== "succeeded") {
      const failure = intent?.last_setup_error;
      throw new CardError(
        failure?.code ?? "setup_intent_authentication_failure",
        failure?.decline_code ?? null,
        "The card was not confirmed.",
      );
    }
    return this.afterAttach(customerId, await this.stripe.paymentMethods.retrieve(cardId));
  }

  /** The first card saved becomes the default one. */
  private async afterAttach(customerId: string, method: Stripe.PaymentMethod): Promise<ProviderCard> {
    const customer = await this.stripe.customers.retrieve(customerId);
    const hasDefault = !customer.deleted && !!customer.invoice_settings?.default_payment_method;
    if (!hasDefault) await this.setDefaultCard(customerId, method.id);
    return toCard(method, !hasDefault, null);
  }

  async setDefaultCard(customerId: string, cardId: string) {
    await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardId } });
  }

  async deleteCard(_customerId: string, cardId: string) {
    await this.stripe.paymentMethods.detach(cardId);
  }

  async findPromotionCode(code: string) {
    const found = await this.stripe.promotionCodes.list({ code, active: true, limit: 1, expand: ["data.promotion.coupon"] });
    const promotion = found.data[0];
    const coupon = promotion ? (promotion.promotion?.coupon as Stripe.Coupon | string | null | undefined) : null;
    if (!promotion || !coupon || typeof coupon === "string" || !coupon.valid) return null;
    return {
      id: promotion.id,
      code: promotion.code,
      coupon: { id: coupon.id, name: coupon.name, percentOff: coupon.percent_off, amountOff: coupon.amount_off, currency: coupon.currency },
    };
  }

  async taxRateFor(country: string | null): Promise<ProviderTaxRate | null> {
    if (!country) return null;
    const rates = await this.stripe.taxRates.list({ active: true, limit: 100 });
    const rate = rates.data.find((r) => r.country?.toUpperCase() === country.toUpperCase());
    return rate ? { id: rate.id, name: rate.display_name, percentage: rate.percentage, country: rate.country } : null;
  }

  async upsertSubscription(request: SubscriptionRequest): Promise<ProviderSubscription> {
    if (!request.price.priceId) throw new Error(`No Stripe price for ${request.price.quotaId}`);
    const discounts = request.couponId ? [{ coupon: request.couponId }] : undefined;
    const taxRates = request.taxRate ? [request.taxRate.id] : [];
    if (!request.subscriptionId) {
      const created = await this.stripe.subscriptions.create({
        customer: request.customerId,
        items: [{ price: request.price.priceId, quantity: request.quantity }],
        discounts,
        default_tax_rates: taxRates,
        cancel_at_period_end: request.cancelAtPeriodEnd,
        payment_behavior: "error_if_incomplete",
      });
      return toSubscription(created);
    }
    const current = await this.stripe.subscriptions.retrieve(request.subscriptionId);
    const updated = await this.stripe.subscriptions.update(request.subscriptionId, {
      items: [{ id: current.items.data[0]?.id, price: request.price.priceId, quantity: request.quantity }],
      discounts,
      default_tax_rates: taxRates,
      cancel_at_period_end: request.cancelAtPeriodEnd,
      proration_behavior: "create_prorations",
    });
    return toSubscription(updated);
  }

  async previewInvoice(request: SubscriptionRequest): Promise<ProviderInvoice> {
    const preview = await this.stripe.invoices.createPreview({
      customer: request.customerId,
      subscription: request.subscriptionId ?? undefined,
      discounts: request.couponId ? [{ coupon: request.couponId }] : undefined,
      subscription_details: {
        items: request.price.priceId ? [{ price: request.price.priceId, quantity: request.quantity }] : [],
        default_tax_rates: request.taxRate ? [request.taxRate.id] : [],
        cancel_at_period_end: request.cancelAtPeriodEnd,
      },
    });
    return toInvoice(preview);
  }

  async listInvoices(customerId: string, page: InvoicePage) {
    try {
      const invoices = await this.stripe.invoices.list({
        customer: customerId,
        limit: page.limit,
        ...(page.startingAfter ? { starting_after: page.startingAfter } : {}),
      });
      return { invoices: invoices.data.map(toInvoice), hasMore: invoices.has_more };
    } catch (error) {
      // A cursor Stripe does not know (or not this customer's invoice).
      if (page.startingAfter && error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async portalUrl(customerId: string, returnUrl: string) {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  verifyWebhook(payload: string, signature: string | null): ProviderEvent {
    if (!signature) throw new Error("No signature");
    const event = this.stripe.webhooks.constructEvent(payload, signature, this.options.webhookSecret);
    return { id: event.id, type: event.type, created: event.created, object: event.data.object as unknown as Record<string, unknown> };
  }
}

const customerFields = (details: CustomerDetails) => ({
  name: details.name,
  email: details.email ?? undefined,
  address: details.address
    ? {
        line1: details.address.line1 ?? undefined,
        line2: details.address.line2 ?? undefined,
        city: details.address.city ?? undefined,
        state: details.address.state ?? undefined,
        postal_code: details.address.postalCode ?? undefined,
        country: details.address.country ?? undefined,
      }
    : undefined,
});

function toCard(method: Stripe.PaymentMethod, isDefault: boolean, clientSecret: string | null): ProviderCard {
  return {
    id: method.id,
    brand: method.card?.brand ?? "unknown",
    lastDigits: method.card?.last4 ?? "",
    expirationMonth: method.card?.exp_month ?? 0,
    expirationYear: method.card?.exp_year ?? 0,
    default: isDefault,
    clientSecret,
  };
}

/** Stripe's subscription as ours: the period is its first item's (API versions since 2025 keep it there). */
export function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    status: subscription.status as ProviderSubscription["status"],
    priceId: item?.price?.id ?? null,
    quantity: item?.quantity ?? 1,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    cancelledAt: date(subscription.canceled_at),
    couponId: subscription.discounts?.map((d) => (typeof d === "string" ? null : idOf(d.source?.coupon))).find(Boolean) ?? null,
  };
}

function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
  const tax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  return {
    id: invoice.id ?? null,
    number: invoice.number ?? null,
    status: (invoice.status ?? null) as ProviderInvoice["status"],
    url: invoice.hosted_invoice_url ?? null,
    amount: invoice.amount_due,
    currency: invoice.currency,
    subtotal: invoice.subtotal,
    discount,
    tax,
    // What is due after the customer's balance (Stripe's amount_due): never negative. Stripe's own
    // total can be, when a plan change's credit exceeds its charge and goes to the balance; the
    // balance applied is this total − (subtotal − discount + tax), as offline.
    total: invoice.amount_due,
    lines: invoice.lines.data.map((line) => ({
      type: line.amount < 0 ? "unused" : "remaining",
      description: line.description,
      quota: idOf(line.pricing?.price_details?.price),
      quantity: line.quantity ?? 1,
      amount: line.amount,
      total: line.amount,
      currency: line.currency,
      endedAt: date(line.period?.end),
    })),
    createdAt: date(invoice.created),
  };
}

function asCardError(error: unknown): unknown {
  if (error instanceof CardError) return error;
  if (error instanceof Stripe.errors.StripeCardError)
    return new CardError(error.code ?? "card_declined", error.decline_code ?? null, error.message);
  return error;
}
