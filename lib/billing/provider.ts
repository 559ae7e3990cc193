import type { Interval } from "./plans";

/**
 * The billing provider (issue 17, docs/billing.md): Stripe through its official client
 * (stripe-provider.ts) when STRIPE_SECRET_KEY is set, else the offline provider (local-provider.ts)
 * that behaves like Stripe's test mode and keeps its data in the database. The services
 * (lib/billing/*.ts) speak only this interface; the provider's own ids never leave these types.
 */
export type CardBrand = "amex" | "diners" | "discover" | "visa" | "jcb" | "mastercard" | "maestro" | "unionpay" | "unknown";

export type ProviderCard = {
  id: string;
  brand: string;
  lastDigits: string;
  expirationMonth: number;
  expirationYear: number;
  default: boolean;
  /** Present while the card still needs the holder's confirmation (3-D Secure). */
  clientSecret: string | null;
};

export type ProviderCoupon = {
  id: string;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
};
export type ProviderPromotionCode = { id: string; code: string; coupon: ProviderCoupon };

export type ProviderTaxRate = { id: string; name: string; percentage: number; country: string | null };

export type ProviderSubscription = {
  id: string;
  status: "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";
  priceId: string | null;
  quantity: number;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelledAt: Date | null;
  couponId: string | null;
};

export type InvoiceLine = {
  type: "unused" | "remaining";
  description: string | null;
  quota: string | null;
  quantity: number;
  amount: number;
  total: number;
  currency: string;
  endedAt: Date | null;
};

export type ProviderInvoice = {
  id: string | null;
  /** A past invoice's number, status and the provider's page for it (Stripe's hosted invoice); null in a preview. */
  number: string | null;
  status: "paid" | "open" | "draft" | "void" | "uncollectible" | null;
  url: string | null;
  amount: number;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  lines: InvoiceLine[];
  createdAt: Date | null;
};

export type InvoicePage = { limit: number; startingAfter: string | null };

/** What a subscription is bought with: the provider's price (or, offline, our quota with its amount). */
export type PriceRef = { priceId: string | null; quotaId: string; amount: number; currency: string; interval: Interval };

export type SubscriptionRequest = {
  customerId: string;
  /** The provider's subscription to change, or null to create one. */
  subscriptionId: string | null;
  price: PriceRef;
  quantity: number;
  /** The coupon to apply (a promotion code check gives its coupon's id). */
  couponId: string | null;
  taxRate: ProviderTaxRate | null;
  cancelAtPeriodEnd: boolean;
};

/** A verified webhook event, reduced to what the product applies. */
export type ProviderEvent = { id: string; type: string; created: number; object: Record<string, unknown> };

export type CustomerDetails = {
  accountId: string;
  name: string;
  email: string | null;
  address: Record<string, string | null> | null;
  taxId: string | null;
};

export class CardError extends Error {
  constructor(
    readonly code: string,
    readonly declineCode: string | null,
    message: string,
  ) {
    super(message);
  }
}

export interface BillingProvider {
  readonly name: "stripe" | "local";
  createCustomer(details: CustomerDetails): Promise<string>;
  updateCustomer(customerId: string, details: CustomerDetails): Promise<void>;
  listCards(customerId: string): Promise<ProviderCard[]>;
  /** Saves a tokenised card through a SetupIntent: throws CardError when declined; a card needing confirmation comes back with a clientSecret. */
  addCard(customerId: string, tokenId: string): Promise<ProviderCard>;
  /** After the holder's confirmation (the browser's confirmCardSetup): the card, null if it is not this customer's, or CardError if the setup failed. */
  confirmCard(customerId: string, cardId: string): Promise<ProviderCard | null>;
  setDefaultCard(customerId: string, cardId: string): Promise<void>;
  deleteCard(customerId: string, cardId: string): Promise<void>;
  findPromotionCode(code: string): Promise<ProviderPromotionCode | null>;
  taxRateFor(country: string | null): Promise<ProviderTaxRate | null>;
  upsertSubscription(request: SubscriptionRequest): Promise<ProviderSubscription>;
  /** What the change would invoice now (Stripe's invoice preview). */
  previewInvoice(request: SubscriptionRequest): Promise<ProviderInvoice>;
  /** The customer's past invoices, newest first: a page of `limit` after the invoice `startingAfter` (null when that is not one of theirs). */
  listInvoices(customerId: string, page: InvoicePage): Promise<{ invoices: ProviderInvoice[]; hasMore: boolean } | null>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook's signature; throws when it does not match. */
  verifyWebhook(payload: string, signature: string | null): ProviderEvent;
}
