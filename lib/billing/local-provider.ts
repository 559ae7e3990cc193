import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { cardBrand, parseLocalToken, TEST_CARDS, type TestCardOutcome } from "./local-cards";
import { applyBalance, invoiceTotals } from "./invoice-math";
import { chargeRefusal, customerBalance, toLocalInvoice, writeLocalInvoice } from "./local-invoices";
import {
  CardError,
  type BillingProvider,
  type InvoiceLine,
  type InvoicePage,
  type ProviderCard,
  type ProviderInvoice,
  type ProviderPromotionCode,
  type ProviderSubscription,
  type ProviderTaxRate,
  type SubscriptionRequest,
} from "./provider";

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** The offline provider's promotion codes (Stripe's test mode has whatever the dashboard made). */
export const LOCAL_PROMOTION_CODES: readonly ProviderPromotionCode[] = [
  {
    id: "promo_local_welcome20",
    code: "WELCOME20",
    coupon: { id: "coupon_local_welcome20", name: "Welcome 20%", percentOff: 20, amountOff: null, currency: null },
  },
  {
    id: "promo_local_save10",
    code: "SAVE10",
    coupon: { id: "coupon_local_save10", name: "10 € off", percentOff: null, amountOff: 1000, currency: "eur" },
  },
];

/** Its tax rates by the account's country (ISO 3166-1 alpha-2); any other country pays none. */
export const LOCAL_TAX_RATES: readonly ProviderTaxRate[] = [
  { id: "txr_local_es", name: "IVA", percentage: 21, country: "ES" },
  { id: "txr_local_pt", name: "IVA", percentage: 23, country: "PT" },
  { id: "txr_local_br", name: "Tax", percentage: 0, country: "BR" },
];

type LocalCard = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  clientSecret: string | null;
};
const toCard = (row: LocalCard, clientSecret: string | null = null): ProviderCard => ({
  id: row.id,
  brand: row.brand,
  lastDigits: row.last4,
  expirationMonth: row.expMonth,
  expirationYear: row.expYear,
  default: row.isDefault,
  clientSecret,
});

export const addInterval = (from: Date, interval: "month" | "year") => {
  const end = new Date(from);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
};

/**
 * The billing provider when no Stripe key is configured: Stripe's test mode, offline, kept in the
 * database. Its tokens are the local card field's (lib/billing/local-cards.ts): 4242… is saved,
 * 4000002500003155 waits for a confirmation, the decline cards fail with Stripe's codes. Its
 * subscriptions are our Subscription rows (their provider ids are its own), each change writes a
 * paid LocalInvoice, and it has no webhooks: what Stripe would announce it has already applied.
 * As Stripe, it keeps a customer balance (customerBalance): a change whose credit exceeds its
 * charge writes an invoice of zero and leaves the credit there, and the next invoices draw from it.
 */
export class LocalProvider implements BillingProvider {
  readonly name = "local" as const;

  async createCustomer(details: { accountId: string }) {
    return `lcus_${details.accountId}`;
  }

  async updateCustomer() {}

  async listCards(customerId: string) {
    const rows = await db.localPaymentMethod.findMany({ where: { customerId, status: "succeeded" }, orderBy: { createdAt: "asc" } });
    return rows.map((row) => toCard(row));
  }

  async addCard(customerId: string, tokenId: string): Promise<ProviderCard> {
    const card = parseLocalToken(tokenId);
    if (!card) throw new CardError("invalid_number", null, "The card number is not valid.");
    const outcome: TestCardOutcome = TEST_CARDS[card.number] ?? { kind: "succeeds" };
    const now = new Date();
    if (card.year < now.getUTCFullYear() || (card.year === now.getUTCFullYear() && card.month < now.getUTCMonth() + 1))
      throw new CardError("expired_card", null, "Your card has expired.");
    if (outcome.kind === "declined") throw new CardError(outcome.code, outcome.declineCode, "Your card was declined.");
    const id = newId("pm_local");
    const clientSecret = outcome.kind === "requiresAction" ? `${newId("seti_local")}_secret_${randomBytes(12).toString("hex")}` : null;
    return db.$transaction(async (tx) => {
      const hasDefault = (await tx.localPaymentMethod.count({ where: { customerId, status: "succeeded", isDefault: true } })) > 0;
      const row = await tx.localPaymentMethod.create({
        data: {
          id,
          customerId,
          brand: cardBrand(card.number),
          last4: card.number.slice(-4),
          expMonth: card.month,
          expYear: card.year,
          status: clientSecret ? "requires_action" : "succeeded",
          clientSecret,
          isDefault: !clientSecret && !hasDefault,
          chargeDeclineCode: outcome.kind === "chargeDeclines" ? outcome.declineCode : null,
        },
      });
      return toCard(row, clientSecret);
    });
  }

  async confirmCard(customerId: string, cardId: string) {
    return db.$transaction(async (tx) => {
      const row = await tx.localPaymentMethod.findFirst({ where: { id: cardId, customerId } });
      if (!row) return null;
      if (row.status === "succeeded") return toCard(row);
      const hasDefault = (await tx.localPaymentMethod.count({ where: { customerId, status: "succeeded", isDefault: true } })) > 0;
      const updated = await tx.localPaymentMethod.update({
        where: { id: row.id },
        data: { status: "succeeded", clientSecret: null, isDefault: !hasDefault },
      });
      return toCard(updated);
    });
  }

  async setDefaultCard(customerId: string, cardId: string) {
    await db.$transaction([
      db.localPaymentMethod.updateMany({ where: { customerId, isDefault: true }, data: { isDefault: false } }),
      db.localPaymentMethod.updateMany({ where: { customerId, id: cardId, status: "succeeded" }, data: { isDefault: true } }),
    ]);
  }

  async deleteCard(customerId: string, cardId: string) {
    await db.localPaymentMethod.deleteMany({ where: { customerId, id: cardId } });
  }

  async findPromotionCode(code: string) {
    return LOCAL_PROMOTION_CODES.find((promotion) => promotion.code === code.trim().toUpperCase()) ?? null;
  }

  async taxRateFor(country: string | null) {
    return LOCAL_TAX_RATES.find((rate) => rate.country === country?.toUpperCase()) ?? null;
  }

  /**
   * Creates or changes the subscription and charges what the change invoices now, after the
   * customer's balance, on the default card (refused with its CardError, nothing written); a
   * change writes a paid invoice, never of a negative amount: a credit left over stays in the
   * customer's balance for the next invoices.
   */
  async upsertSubscription(request: SubscriptionRequest): Promise<ProviderSubscription> {
    const now = new Date();
    const current = await this.current(request.subscriptionId);
    const samePrice = current && current.quotaId === request.price.quotaId;
    const start = samePrice && current.currentPeriodStart ? current.currentPeriodStart : now;
    const end = samePrice && current.currentPeriodEnd ? current.currentPeriodEnd : addInterval(start, request.price.interval);
    const invoice = await this.previewInvoice(request);
    if (request.price.amount > 0 || invoice.total > 0) {
      const refusal = await chargeRefusal(db, request.customerId, now);
      if (refusal && (invoice.total > 0 || refusal.code === "payment_method_required")) throw refusal;
    }
    const id = request.subscriptionId ?? newId("sub_local");
    if (invoice.total !== 0 || !samePrice)
      await db.$transaction((tx) =>
        writeLocalInvoice(tx, {
          id: newId("in_local"),
          customerId: request.customerId,
          subscriptionId: id,
          invoice,
          status: "paid",
          periodStart: start,
          periodEnd: end,
          now,
        }),
      );
    const promotion = LOCAL_PROMOTION_CODES.find((p) => p.coupon.id === request.couponId);
    return {
      id,
      status: "active",
      priceId: request.price.quotaId,
      quantity: request.quantity,
      cancelAtPeriodEnd: request.cancelAtPeriodEnd,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelledAt: null,
      couponId: promotion?.coupon.id ?? current?.couponId ?? null,
    };
  }

  private current(subscriptionId: string | null) {
    return subscriptionId
      ? db.subscription.findUnique({ where: { providerSubscriptionId: subscriptionId }, include: { quota: true } })
      : Promise.resolve(null);
  }

  /**
   * What the change invoices now: a new plan's full period; a plan change credits the unused part of
   * the current period ("unused", negative) and charges the new price ("remaining"); the same plan
   * again (a cancellation undone, a renewal) charges nothing until the period ends. The customer's
   * balance then applies (Stripe's upcoming invoice): `total` and `amount` are what is due now, never
   * below zero, and total − (subtotal − discount + tax) is the balance applied (negative: credit
   * used; positive: a credit left over, kept in the balance).
   */
  async previewInvoice(request: SubscriptionRequest): Promise<ProviderInvoice> {
    const current = await this.current(request.subscriptionId);
    const lines: InvoiceLine[] = [];
    const { price, quantity } = request;
    const now = new Date();
    if (current && current.quotaId === price.quotaId) {
      // Nothing to pay now.
    } else {
      if (current?.currentPeriodEnd && current.currentPeriodStart && current.currentPeriodEnd > now) {
        const whole = current.currentPeriodEnd.getTime() - current.currentPeriodStart.getTime();
        const left = current.currentPeriodEnd.getTime() - now.getTime();
        const credit = -Math.round((current.quota.amount * current.quantity * left) / whole);
        if (credit !== 0)
          lines.push({
            type: "unused",
            description: null,
            quota: current.quotaId,
            quantity: current.quantity,
            amount: credit,
            total: credit,
            currency: current.quota.currency,
            endedAt: current.currentPeriodEnd,
          });
      }
      const amount = price.amount * quantity;
      lines.push({
        type: "remaining",
        description: null,
        quota: price.quotaId,
        quantity,
        amount,
        total: amount,
        currency: price.currency,
        endedAt: addInterval(now, price.interval),
      });
    }
    const promotion = LOCAL_PROMOTION_CODES.find((p) => p.coupon.id === request.couponId) ?? null;
    const totals = invoiceTotals(
      lines.map((line) => line.amount),
      promotion?.coupon ?? null,
      request.taxRate?.percentage ?? 0,
    );
    const { due } = applyBalance(totals.total, await customerBalance(db, request.customerId));
    return {
      id: null,
      number: null,
      status: null,
      url: null,
      currency: price.currency,
      lines,
      createdAt: null,
      ...totals,
      total: due,
      amount: due,
    };
  }

  async listInvoices(customerId: string, page: InvoicePage) {
    if (page.startingAfter && !(await db.localInvoice.count({ where: { id: page.startingAfter, customerId } }))) return null;
    const rows = await db.localInvoice.findMany({
      where: { customerId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: page.limit + 1,
      ...(page.startingAfter ? { cursor: { id: page.startingAfter }, skip: 1 } : {}),
    });
    return { invoices: rows.slice(0, page.limit).map(toLocalInvoice), hasMore: rows.length > page.limit };
  }

  /** Offline there is no hosted portal: the workspace's own billing settings stand in for it. */
  async portalUrl(_customerId: string, returnUrl: string) {
    return returnUrl;
  }

  verifyWebhook(): never {
    throw new Error("The offline billing provider sends no webhooks.");
  }
}
