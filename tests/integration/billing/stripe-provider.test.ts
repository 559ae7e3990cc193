import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { billingProvider } from "@/lib/billing/billing-provider";
import { updateBillingDetails } from "@/lib/billing/billing-details";
import { billingPortal, checkPromotionCode, retrieveTaxRateByAccount } from "@/lib/billing/billing-lookups";
import { listInvoices, upcomingInvoice } from "@/lib/billing/invoices";
import { confirmPaymentMethod, createPaymentMethod, deletePaymentMethod, listPaymentMethods } from "@/lib/billing/payment-methods";
import { upsertSubscription } from "@/lib/billing/subscriptions";
import { syncProducts } from "@/lib/billing/sync-products";
import { receiveWebhook } from "@/lib/billing/webhook";
import { billingWebhookJob } from "@/lib/billing/webhook-job";
import { jobContext } from "@/lib/jobs/job";
import { stopJobs } from "@/lib/jobs/queue";
import { POST as webhookRoute } from "@/app/vapp/billing/webhook/route";
import { createAccount, signedInAs } from "@/tests/factories";
import { startStripeFake, type StripeFake } from "@/tests/factories/stripe-fake";

/**
 * The Stripe implementation through the official client against the local fake of the endpoints
 * it calls (tests/factories/stripe-fake.ts): cards through SetupIntents, declines, the card that
 * needs confirming, promotion codes, tax by country, the invoice preview, subscriptions, the
 * portal, and webhooks (signature checked, each event applied once, on the job queue's job).
 */
let fake: StripeFake;
let ctx: ServiceContext;
let accountId: string;
const saved = { ...process.env };
const PRICES = {
  STRIPE_PRICE_STANDARD_MONTH: "price_standard_month",
  STRIPE_PRICE_STANDARD_YEAR: "price_standard_year",
  STRIPE_PRICE_PREMIUM_MONTH: "price_premium_month",
  STRIPE_PRICE_PREMIUM_YEAR: "price_premium_year",
};

beforeAll(async () => {
  fake = await startStripeFake();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: "http",
  });
  await syncProducts({ ...PRICES });
  const { account, owner } = await createAccount("Stripe");
  accountId = account.id;
  ctx = (await signedInAs(owner.id, account.id)).ctx;
  await updateBillingDetails(ctx, {
    legalName: "Acme SL",
    address: { line1: "Gran Via 1", line2: null, city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES" },
    taxId: "B12345678",
  });
});

afterAll(async () => {
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await syncProducts({});
  await stopJobs();
  await fake.close();
});

describe("the Stripe billing provider", () => {
  it("is the one configured", () => expect(billingProvider().name).toBe("stripe"));

  it("saves a card through a SetupIntent, the first one as default, on the workspace's customer", async () => {
    const card = await createPaymentMethod(ctx, { tokenId: "tok_visa" });
    expect(card).toMatchObject({ brand: "visa", lastDigits: "4242", default: true, isExpired: false, metadata: { clientSecret: null } });
    const customer = await db.billingCustomer.findUniqueOrThrow({ where: { accountId } });
    expect(customer.provider).toBe("stripe");
    expect(fake.calls.find((c) => c.path === "/v1/customers" && c.method === "POST")?.body).toMatchObject({
      name: "Acme SL",
      metadata: { accountId },
    });
    expect(fake.calls.find((c) => c.path === "/v1/setup_intents")?.body).toMatchObject({ customer: customer.customerId, confirm: "true" });
    expect(await listPaymentMethods(ctx)).toHaveLength(1);
  });

  it("refuses a declined card with its decline code, and keeps nothing", async () => {
    await expect(createPaymentMethod(ctx, { tokenId: "tok_chargeDeclinedInsufficientFunds" })).rejects.toMatchObject({
      code: "CARD_DECLINED",
      details: { code: "card_declined", declineCode: "insufficient_funds" },
    });
    await expect(createPaymentMethod(ctx, { tokenId: "tok_chargeDeclinedExpiredCard" })).rejects.toMatchObject({
      code: "CARD_DECLINED",
      details: { code: "expired_card" },
    });
    expect(await listPaymentMethods(ctx)).toHaveLength(1);
  });

  it("answers a card needing confirmation with a client secret, and lists it once confirmed", async () => {
    const pending = await createPaymentMethod(ctx, { tokenId: "tok_threeDSecure2Required" });
    expect(pending.metadata.clientSecret).toMatch(/_secret_/);
    expect(await listPaymentMethods(ctx)).toHaveLength(1);
    await expect(confirmPaymentMethod(ctx, { id: pending.id })).rejects.toMatchObject({ code: "CARD_DECLINED" });
    fake.confirmSetup(pending.id);
    const confirmed = await confirmPaymentMethod(ctx, { id: pending.id });
    expect(confirmed).toMatchObject({ lastDigits: "3155", default: false });
    expect(await listPaymentMethods(ctx)).toHaveLength(2);
  });

  it("looks promotion codes and the account's tax rate up", async () => {
    expect(await checkPromotionCode(ctx, { code: "WELCOME20" })).toMatchObject({ coupon: { id: "coupon_welcome20", percentOff: 20 } });
    expect(await checkPromotionCode(ctx, { code: "NOPE" })).toBeNull();
    expect(await retrieveTaxRateByAccount(ctx)).toEqual({ name: "IVA", percentage: 21 });
  });

  it("previews the invoice of a plan with the coupon and the tax", async () => {
    const invoice = await upcomingInvoice(ctx, {
      prediction: { cancelAtPeriodEnds: false, items: [{ quota: "quota_standard_year", quantity: 1 }], coupon: "coupon_welcome20" },
    });
    expect(invoice).toMatchObject({ subtotal: 29000, discount: 5800, tax: 4872, total: 28072, amount: 28072, taxRate: { percentage: 21 } });
    const call = fake.calls.findLast((c) => c.path === "/v1/invoices/create_preview")!;
    expect(call.body).toMatchObject({
      discounts: [{ coupon: "coupon_welcome20" }],
      subscription_details: { items: [{ price: "price_standard_year", quantity: "1" }], default_tax_rates: ["txr_es"] },
    });
  });

  it("subscribes with the price, the coupon and the tax rate, and the plan applies at once", async () => {
    const subscription = await upsertSubscription(ctx, {
      items: [{ quota: "quota_standard_year", quantity: 1 }],
      coupon: "coupon_welcome20",
    });
    expect(subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnds: false,
      coupon: "coupon_welcome20",
      items: [{ quota: "quota_standard_year" }],
    });
    expect(fake.calls.findLast((c) => c.path === "/v1/subscriptions")?.body).toMatchObject({
      items: [{ price: "price_standard_year", quantity: "1" }],
      discounts: [{ coupon: "coupon_welcome20" }],
      default_tax_rates: ["txr_es"],
    });
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(account.planSlug).toBe("standard");
    expect(account.capabilities).toContain("analytics");
    expect(account.limits).toMatchObject({ documents: 12000, period: "year" });
  });

  it("lists past invoices a page at a time, each with its number, status and Stripe's page", async () => {
    // A change of period is a second invoice.
    await upsertSubscription(ctx, { items: [{ quota: "quota_standard_month", quantity: 1 }] });
    await upsertSubscription(ctx, { items: [{ quota: "quota_standard_year", quantity: 1 }] });
    const first = await listInvoices(ctx, { limit: 2 });
    expect(first.invoices).toHaveLength(2);
    expect(first).toMatchObject({ hasMore: true, nextCursor: first.invoices[1].id });
    expect(first.invoices[0]).toMatchObject({ status: "paid", number: expect.stringMatching(/^FAKE-/), amount: 29000 });
    expect(first.invoices[0].url).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_/);
    expect(fake.calls.findLast((c) => c.path === "/v1/invoices")).toMatchObject({ method: "GET" });
    const second = await listInvoices(ctx, { limit: 2, startingAfter: first.nextCursor });
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    expect(second.invoices).toHaveLength(1);
    expect(second.invoices[0].createdAt!.getTime()).toBeLessThan(first.invoices[1].createdAt!.getTime());
    // A cursor Stripe does not know for this customer (another's invoice, a made-up id).
    await expect(listInvoices(ctx, { limit: 2, startingAfter: "in_not_theirs" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("opens the billing portal for the customer", async () => {
    expect((await billingPortal(ctx)).url).toMatch(/^https:\/\/billing\.stripe\.test\/session\/cus_/);
  });

  it("deletes a card but never the last one", async () => {
    const cards = await listPaymentMethods(ctx);
    const other = cards.find((c) => !c.default)!;
    await deletePaymentMethod(ctx, { id: other.id });
    const [last] = await listPaymentMethods(ctx);
    await expect(deletePaymentMethod(ctx, { id: last.id })).rejects.toMatchObject({ code: "LAST_PAYMENT_METHOD" });
  });
});

describe("Stripe webhooks", () => {
  const eventsStored = () => db.processedWebhookEvent.count();

  it("answers a bad signature with 400 and stores nothing", async () => {
    const before = await eventsStored();
    const { payload } = fake.signedEvent({ id: "evt_forged", type: "customer.subscription.deleted", object: {} });
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`;
    const response = await webhookRoute(
      new Request("http://localhost/vapp/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": forged },
        body: payload,
      }),
    );
    expect(response.status).toBe(400);
    const missing = await webhookRoute(
      new Request("http://localhost/vapp/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: payload,
      }),
    );
    expect(missing.status).toBe(400);
    expect(await eventsStored()).toBe(before);
  });

  it("applies cancellation at period end once, however often the event comes", async () => {
    const row = await db.subscription.findUniqueOrThrow({ where: { accountId } });
    const object = { ...fake.subscription(row.providerSubscriptionId!)!, cancel_at_period_end: true };
    const { payload, signature } = fake.signedEvent({ id: "evt_cancel_1", type: "customer.subscription.updated", object });
    const response = await webhookRoute(
      new Request("http://localhost/vapp/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    expect(await receiveWebhook(payload, signature)).toEqual({ received: true, duplicate: true });

    const run = () => billingWebhookJob.run(jobContext("test"), { eventId: "evt_cancel_1" }, { number: 1, last: false });
    expect(await run()).toBe("applied");
    expect(await run()).toBe("skipped");
    expect((await db.subscription.findUniqueOrThrow({ where: { accountId } })).cancelAtPeriodEnd).toBe(true);
    expect(await db.audit.count({ where: { accountId, eventType: "subscription.synced" } })).toBe(1);
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).planSlug).toBe("standard");
  });

  it("keeps the newer state when an older event arrives after it, and applies a replayed event once", async () => {
    const row = await db.subscription.findUniqueOrThrow({ where: { accountId } });
    const base = fake.subscription(row.providerSubscriptionId!)!;
    const at = Math.floor(Date.now() / 1000) + 60;
    const newer = fake.signedEvent({
      id: "evt_order_new",
      type: "customer.subscription.updated",
      object: { ...base, cancel_at_period_end: false },
      created: at + 10,
    });
    const older = fake.signedEvent({
      id: "evt_order_old",
      type: "customer.subscription.updated",
      object: { ...base, cancel_at_period_end: true },
      created: at,
    });
    const apply = (eventId: string) => billingWebhookJob.run(jobContext("test"), { eventId }, { number: 1, last: false });
    // The newer one is delivered first, the older one after it.
    await receiveWebhook(newer.payload, newer.signature);
    expect(await apply("evt_order_new")).toBe("applied");
    await receiveWebhook(older.payload, older.signature);
    expect(await apply("evt_order_old")).toBe("ignored");
    const kept = await db.subscription.findUniqueOrThrow({ where: { accountId } });
    expect(kept).toMatchObject({ cancelAtPeriodEnd: false, providerStateAt: new Date((at + 10) * 1000) });
    // Stored once, processed: the older one is not applied later either.
    expect(await db.processedWebhookEvent.findUniqueOrThrow({ where: { id: "evt_order_old" } })).toMatchObject({
      processedAt: expect.any(Date),
    });
    // The newer one replayed: acknowledged as a duplicate, applied once.
    expect(await receiveWebhook(newer.payload, newer.signature)).toEqual({ received: true, duplicate: true });
    expect(await apply("evt_order_new")).toBe("skipped");
    expect(await db.audit.count({ where: { accountId, eventType: "subscription.synced", targetId: kept.id } })).toBe(2);
  });

  it("marks a failed payment, and moves the workspace back to free when the subscription ends", async () => {
    const row = await db.subscription.findUniqueOrThrow({ where: { accountId } });
    const customer = await db.billingCustomer.findUniqueOrThrow({ where: { accountId } });
    const failed = fake.signedEvent({
      id: "evt_failed_1",
      type: "invoice.payment_failed",
      object: { id: "in_1", object: "invoice", customer: customer.customerId },
    });
    await receiveWebhook(failed.payload, failed.signature);
    await billingWebhookJob.run(jobContext("test"), { eventId: "evt_failed_1" }, { number: 1, last: false });
    expect((await db.subscription.findUniqueOrThrow({ where: { accountId } })).paymentFailedAt).not.toBeNull();

    const ended = { ...fake.subscription(row.providerSubscriptionId!)!, status: "canceled", canceled_at: Math.floor(Date.now() / 1000) };
    // After the events of the ordering case above (their clock runs a little ahead).
    const deleted = fake.signedEvent({
      id: "evt_deleted_1",
      type: "customer.subscription.deleted",
      object: ended,
      created: Math.floor(Date.now() / 1000) + 120,
    });
    await receiveWebhook(deleted.payload, deleted.signature);
    await billingWebhookJob.run(jobContext("test"), { eventId: "evt_deleted_1" }, { number: 1, last: false });
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(account.planSlug).toBe("free");
    expect(account.capabilities).not.toContain("analytics");
    expect((await db.subscription.findUniqueOrThrow({ where: { accountId } })).status).toBe("canceled");
  });

  it("applies payment events in the order they happened: an older failure or payment arriving late changes nothing", async () => {
    const customer = await db.billingCustomer.findUniqueOrThrow({ where: { accountId } });
    const object = { id: "in_order", object: "invoice", customer: customer.customerId };
    const at = Math.floor(Date.now() / 1000) + 600;
    const apply = async (id: string, type: string, created: number) => {
      const event = fake.signedEvent({ id, type, object, created });
      await receiveWebhook(event.payload, event.signature);
      return billingWebhookJob.run(jobContext("test"), { eventId: id }, { number: 1, last: false });
    };
    const failedAt = async () => (await db.subscription.findUniqueOrThrow({ where: { accountId } })).paymentFailedAt;

    expect(await apply("evt_pay_paid_20", "invoice.paid", at + 20)).toBe("applied");
    expect(await failedAt()).toBeNull();
    // A failure from before that payment arrives after it: stale.
    expect(await apply("evt_pay_failed_10", "invoice.payment_failed", at + 10)).toBe("ignored");
    expect(await failedAt()).toBeNull();
    // A newer failure marks it with its own instant; a payment from before it, arriving late, leaves the mark.
    expect(await apply("evt_pay_failed_30", "invoice.payment_failed", at + 30)).toBe("applied");
    expect(await failedAt()).toEqual(new Date((at + 30) * 1000));
    expect(await apply("evt_pay_paid_25", "invoice.paid", at + 25)).toBe("ignored");
    expect(await failedAt()).toEqual(new Date((at + 30) * 1000));
    expect(await apply("evt_pay_paid_40", "invoice.paid", at + 40)).toBe("applied");
    expect(await failedAt()).toBeNull();
  });
});
