import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for exactly the Stripe endpoints lib/billing/stripe-provider.ts calls (no
 * complete Stripe mock exists offline; ../shared/ENVIRONMENT.md): customers, payment methods from
 * Stripe's test tokens, SetupIntents (tok_threeDSecure2Required waits for `confirmSetup`; the
 * decline tokens answer 402 card errors), promotion codes, tax rates, subscriptions, the invoice
 * preview, invoices (one paid invoice per subscription created or changed, listed newest first with
 * `limit` and `starting_after`) and billing portal sessions. Every request is recorded (`calls`) with its
 * decoded form body, and `signedEvent` signs a webhook payload with the fake's secret.
 */
export type StripeFake = {
  port: number;
  webhookSecret: string;
  calls: { method: string; path: string; body: Record<string, unknown> }[];
  prices: Record<string, { amount: number; currency: string; interval: "month" | "year" }>;
  /** Completes a SetupIntent waiting for its holder (what stripe.confirmCardSetup does in the browser). */
  confirmSetup: (paymentMethodId: string) => void;
  subscription: (id: string) => Record<string, unknown> | undefined;
  /** Signs an event; `created` (Unix seconds, default now) is when Stripe says the event happened. */
  signedEvent: (event: { id: string; type: string; object: unknown; created?: number }) => { payload: string; signature: string };
  close: () => Promise<void>;
};

type Obj = Record<string, unknown>;

const TOKENS: Record<string, { last4: string; brand: string; outcome: "ok" | "action" | { code: string; decline_code?: string } }> = {
  tok_visa: { last4: "4242", brand: "visa", outcome: "ok" },
  tok_mastercard: { last4: "4444", brand: "mastercard", outcome: "ok" },
  tok_threeDSecure2Required: { last4: "3155", brand: "visa", outcome: "action" },
  tok_chargeDeclined: { last4: "0002", brand: "visa", outcome: { code: "card_declined", decline_code: "generic_decline" } },
  tok_chargeDeclinedInsufficientFunds: {
    last4: "9995",
    brand: "visa",
    outcome: { code: "card_declined", decline_code: "insufficient_funds" },
  },
  tok_chargeDeclinedExpiredCard: { last4: "0069", brand: "visa", outcome: { code: "expired_card" } },
};

/** Stripe's form encoding (`items[0][price]=…`) back into objects and arrays. */
export function decodeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Obj;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const list = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });

export async function startStripeFake(): Promise<StripeFake> {
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const calls: StripeFake["calls"] = [];
  const customers = new Map<string, Obj>();
  const methods = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices: Obj[] = [];
  const prices: StripeFake["prices"] = {
    price_standard_month: { amount: 2900, currency: "eur", interval: "month" },
    price_standard_year: { amount: 29000, currency: "eur", interval: "year" },
    price_premium_month: { amount: 7900, currency: "eur", interval: "month" },
    price_premium_year: { amount: 79000, currency: "eur", interval: "year" },
  };
  const coupon = {
    id: "coupon_welcome20",
    object: "coupon",
    name: "Welcome",
    percent_off: 20,
    amount_off: null,
    currency: null,
    valid: true,
  };
  const promotion = {
    id: "promo_welcome20",
    object: "promotion_code",
    code: "WELCOME20",
    active: true,
    promotion: { type: "coupon", coupon },
  };
  const taxRates = [
    { id: "txr_es", object: "tax_rate", display_name: "IVA", percentage: 21, country: "ES", active: true },
    { id: "txr_pt", object: "tax_rate", display_name: "IVA", percentage: 23, country: "PT", active: true },
  ];

  const cardError = (code: string, declineCode?: string) => ({
    status: 402,
    body: { error: { type: "card_error", code, decline_code: declineCode, message: "Your card was declined." } },
  });
  const notFound = (path: string) => ({
    status: 404,
    body: { error: { type: "invalid_request_error", message: `No such object: ${path}` } },
  });

  const priceObject = (priceId: string) => ({
    id: priceId,
    object: "price",
    unit_amount: prices[priceId]?.amount,
    currency: "eur",
    recurring: { interval: prices[priceId]?.interval },
  });
  const periodEnd = (start: number, interval: "month" | "year") => start + (interval === "year" ? 365 : 30) * 86400;

  function subscriptionObject(existing: Obj | null, body: Obj): Obj {
    const items = (body.items as Obj[] | undefined) ?? [];
    const item = items[0] ?? {};
    const priceId = (item.price as string) ?? ((existing?.items as { data: Obj[] })?.data[0]?.price as Obj)?.id;
    const start = now();
    const discounts =
      (body.discounts as Obj[] | undefined)?.map((d) => ({ id: id("di"), source: { type: "coupon", coupon: d.coupon } })) ??
      (existing?.discounts as Obj[]) ??
      [];
    return {
      id: existing?.id ?? id("sub"),
      object: "subscription",
      customer: body.customer ?? existing?.customer,
      status: "active",
      cancel_at_period_end: body.cancel_at_period_end === "true",
      canceled_at: null,
      discounts,
      items: {
        object: "list",
        data: [
          {
            id: (item.id as string) ?? id("si"),
            price: priceObject(priceId),
            quantity: Number(item.quantity ?? 1),
            current_period_start: start,
            current_period_end: periodEnd(start, prices[priceId]?.interval ?? "month"),
          },
        ],
      },
    };
  }

  function preview(body: Obj): Obj {
    const details = (body.subscription_details ?? {}) as Obj;
    const item = ((details.items as Obj[]) ?? [])[0] ?? {};
    const price = prices[item.price as string];
    const amount = (price?.amount ?? 0) * Number(item.quantity ?? 1);
    const percentOff = (body.discounts as Obj[] | undefined)?.some((d) => d.coupon === coupon.id) ? coupon.percent_off : 0;
    const discount = Math.round((amount * percentOff) / 100);
    const rate = taxRates.find((r) => ((details.default_tax_rates as string[]) ?? []).includes(r.id));
    const tax = Math.round(((amount - discount) * (rate?.percentage ?? 0)) / 100);
    const total = amount - discount + tax;
    return {
      id: null,
      object: "invoice",
      customer: body.customer,
      currency: "eur",
      amount_due: total,
      subtotal: amount,
      total,
      created: now(),
      total_discount_amounts: discount ? [{ amount: discount, discount: "di_preview" }] : [],
      total_taxes: tax ? [{ amount: tax, tax_behavior: "exclusive", tax_rate_details: { tax_rate: rate?.id } }] : [],
      lines: {
        object: "list",
        data: [
          {
            id: id("il"),
            amount,
            currency: "eur",
            description: "Plan",
            quantity: Number(item.quantity ?? 1),
            period: { start: now(), end: periodEnd(now(), price?.interval ?? "month") },
            pricing: { price_details: { price: item.price } },
          },
        ],
      },
    };
  }

  let invoiceCount = 0;
  /** What Stripe bills when a subscription starts or changes: here, its price in full, paid. */
  function recordInvoice(sub: Obj) {
    const item = (sub.items as { data: Obj[] }).data[0];
    const price = prices[(item.price as Obj).id as string];
    const amount = (price?.amount ?? 0) * Number(item.quantity ?? 1);
    invoiceCount++;
    const invoiceId = id("in");
    invoices.unshift({
      id: invoiceId,
      object: "invoice",
      customer: sub.customer,
      subscription: sub.id,
      number: `FAKE-${String(invoiceCount).padStart(4, "0")}`,
      status: "paid",
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
      currency: "eur",
      amount_due: amount,
      subtotal: amount,
      total: amount,
      created: now() + invoiceCount,
      total_discount_amounts: [],
      total_taxes: [],
      lines: { object: "list", data: [] },
    });
  }

  function handle(method: string, path: string, query: URLSearchParams, body: Obj): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: id("cus"), object: "customer", ...body, invoice_settings: { default_payment_method: null } };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(m[1]);
      if (!customer) return notFound(path);
      if (method === "POST") {
        const settings = body.invoice_settings as Obj | undefined;
        Object.assign(customer, {
          ...body,
          invoice_settings: settings ? { ...(customer.invoice_settings as Obj), ...settings } : customer.invoice_settings,
        });
      }
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/payment_methods") {
      const token = TOKENS[(body.card as Obj)?.token as string];
      if (!token) return { status: 400, body: { error: { type: "invalid_request_error", message: "No such token" } } };
      const pm = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        customer: null,
        card: { brand: token.brand, last4: token.last4, exp_month: 12, exp_year: 2034 },
        _outcome: token.outcome,
      };
      methods.set(pm.id, pm);
      return { status: 200, body: pm };
    }
    if (method === "GET" && path === "/v1/payment_methods") {
      const data = [...methods.values()].filter((pm) => pm.customer === query.get("customer"));
      return { status: 200, body: list(data, path) };
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path))) {
      const pm = methods.get(m[1]);
      if (!pm) return notFound(path);
      if (m[2]) pm.customer = null;
      return { status: 200, body: pm };
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      const pm = methods.get(body.payment_method as string);
      if (!pm) return notFound(path);
      const outcome = pm._outcome as (typeof TOKENS)[string]["outcome"];
      if (typeof outcome === "object") return cardError(outcome.code, outcome.decline_code);
      const intent = {
        id: id("seti"),
        object: "setup_intent",
        customer: body.customer,
        payment_method: pm.id,
        status: outcome === "action" ? "requires_action" : "succeeded",
        client_secret: `${id("seti")}_secret_${randomBytes(6).toString("hex")}`,
        last_setup_error: null,
      };
      intents.set(intent.id, intent);
      if (outcome === "ok") pm.customer = body.customer;
      return { status: 200, body: intent };
    }
    if (method === "GET" && path === "/v1/setup_intents") {
      const data = [...intents.values()].filter(
        (i) => i.customer === query.get("customer") && i.payment_method === query.get("payment_method"),
      );
      return { status: 200, body: list(data, path) };
    }
    if (method === "GET" && path === "/v1/promotion_codes") {
      const data = query.get("code") === promotion.code ? [promotion] : [];
      return { status: 200, body: list(data, path) };
    }
    if (method === "GET" && path === "/v1/tax_rates") return { status: 200, body: list(taxRates, path) };
    if (method === "POST" && path === "/v1/subscriptions") {
      const customer = customers.get(body.customer as string);
      if (!(customer?.invoice_settings as Obj)?.default_payment_method) return cardError("card_declined", "generic_decline");
      const sub = subscriptionObject(null, body);
      subscriptions.set(sub.id as string, sub);
      recordInvoice(sub);
      return { status: 200, body: sub };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return notFound(path);
      if (method === "POST") {
        const priceOf = (s: Obj) => ((s.items as { data: Obj[] }).data[0].price as Obj).id;
        const changed = subscriptionObject(sub, body);
        subscriptions.set(m[1], changed);
        // A change of price is invoiced at once (prorated in Stripe; here in full).
        if (priceOf(changed) !== priceOf(sub)) recordInvoice(changed);
      }
      return { status: 200, body: subscriptions.get(m[1]) };
    }
    if (method === "POST" && path === "/v1/invoices/create_preview") return { status: 200, body: preview(body) };
    if (method === "GET" && path === "/v1/invoices") {
      const mine = invoices.filter((i) => i.customer === query.get("customer"));
      const after = query.get("starting_after");
      const from = after ? mine.findIndex((i) => i.id === after) + 1 : 0;
      if (after && from === 0) return notFound(`/v1/invoices/${after}`);
      const limit = Number(query.get("limit") ?? 10);
      return { status: 200, body: { ...list(mine.slice(from, from + limit), path), has_more: from + limit < mine.length } };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions")
      return {
        status: 200,
        body: {
          id: id("bps"),
          object: "billing_portal.session",
          customer: body.customer,
          url: `https://billing.stripe.test/session/${body.customer}`,
          return_url: body.return_url,
        },
      };
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unknown endpoint ${method} ${path}` } } };
  }

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (chunk) => (text += chunk));
      req.on("end", () => resolve(text));
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const body = decodeForm(await read(req));
    calls.push({ method: req.method ?? "GET", path: url.pathname, body });
    const answer = handle(req.method ?? "GET", url.pathname, url.searchParams, body);
    const json = JSON.stringify(answer.body, (key, value) => (key === "_outcome" ? undefined : value));
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": id("req") });
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const signer = new Stripe("sk_test_signer");

  return {
    port: (server.address() as AddressInfo).port,
    webhookSecret,
    calls,
    prices,
    confirmSetup(paymentMethodId) {
      for (const intent of intents.values())
        if (intent.payment_method === paymentMethodId) {
          intent.status = "succeeded";
          methods.get(paymentMethodId)!.customer = intent.customer;
        }
    },
    subscription: (subscriptionId) => subscriptions.get(subscriptionId),
    signedEvent(event) {
      const payload = JSON.stringify({
        id: event.id,
        object: "event",
        type: event.type,
        created: event.created ?? now(),
        data: { object: event.object },
        api_version: "2026-10-28.endive",
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
