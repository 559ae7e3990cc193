import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { billingProvider } from "@/lib/billing/billing-provider";
import {
  billingDetailsOperation,
  checkPromotionCodeOperation,
  invoicesOperation,
  productsOperation,
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
import { localToken } from "@/lib/billing/local-cards";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { cloneDocumentOperation } from "@/lib/documents/document-operations";
import { defineOperation, runOperation } from "@/lib/operations/operation";
import { GET as listCardsRoute, POST as addCardRoute } from "@/app/vapp/billing/payment-methods/route";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Billing with the offline provider (no STRIPE_SECRET_KEY): Stripe's test cards, the card that
 * needs confirming, declines by code, the last card kept, billing details, promotion codes, tax,
 * the upcoming invoice, checkout with the plan applied at once, two confirms at once, a change of
 * period, the move back to free, and the plan's capability and document limit on declarations.
 */
let admin: ServiceContext;
let adminToken: string;
let accountId: string;
const year = new Date().getUTCFullYear() + 3;
const token = (number: string) => localToken(number, 12, year);
const run = <I, O>(operation: Parameters<typeof runOperation>[0], input: I) => runOperation(operation, admin, input) as Promise<O>;

beforeAll(async () => {
  const { account, owner } = await createAccount("Local billing");
  accountId = account.id;
  const session = await signedInAs(owner.id, account.id);
  admin = session.ctx;
  adminToken = session.accessToken;
});

const details = {
  legalName: "Acme SL",
  address: { line1: "Gran Via 1", line2: "", city: "Madrid", state: "Madrid", postalCode: "28013", country: "es" },
  taxId: "",
};

describe("the offline billing provider", () => {
  it("is used without a Stripe key, and billing is the administrator's", async () => {
    expect(billingProvider().name).toBe("local");
    const member = await addMember(accountId, "Manager");
    const { ctx } = await signedInAs(member.id, accountId);
    await expect(runOperation(paymentMethodsOperation, ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      runOperation(upsertSubscriptionOperation, ctx, { items: [{ quota: "quota_standard_year", quantity: 1 }] }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await runOperation(productsOperation, ctx, {})).toHaveLength(3);
  });

  it("lists the plans with their prices in cents", async () => {
    const products = await run<
      object,
      { slug: string; quotas: { id: string; amount: number; recurring: { interval: { each: string } } }[] }[]
    >(productsOperation, {});
    expect(products.map((p) => p.slug)).toEqual(["free", "standard", "premium"]);
    expect(products[1].quotas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: "quota_standard_year",
          amount: 29000,
          recurring: expect.objectContaining({ interval: { each: "year" } }),
        }),
      ]),
    );
  });

  it("refuses checkout of a paid plan before the billing country is known", async () => {
    await expect(run(upsertSubscriptionOperation, { items: [{ quota: "quota_standard_year", quantity: 1 }] })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("saves the billing details with the required fields, empty optional ones as null", async () => {
    await expect(run(updateBillingDetailsOperation, { ...details, address: { ...details.address, city: "" } })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    const saved = await run(updateBillingDetailsOperation, details);
    expect(saved).toEqual({
      legalName: "Acme SL",
      address: { line1: "Gran Via 1", line2: null, city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES" },
      tax: { taxId: null },
      billingEmail: null,
    });
    expect(await run(billingDetailsOperation, {})).toEqual(saved);
    expect(await db.audit.count({ where: { accountId, eventType: "account.billingDetailsUpdated" } })).toBe(1);
  });

  it("adds 4242 over REST as the default card", async () => {
    const response = await addCardRoute(
      jsonRequest("POST", "/vapp/billing/payment-methods", {
        body: { tokenId: token("4242424242424242") },
        headers: { authorization: `Bearer ${adminToken}` },
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ brand: "visa", lastDigits: "4242", default: true, metadata: { clientSecret: null } });
    const list = await listCardsRoute(
      jsonRequest("GET", "/vapp/billing/payment-methods", { headers: { authorization: `Bearer ${adminToken}` } }),
    );
    expect(await list.json()).toHaveLength(1);
  });

  it("declines the decline cards with their codes", async () => {
    for (const [number, code, declineCode] of [
      ["4000000000000002", "card_declined", "generic_decline"],
      ["4000000000009995", "card_declined", "insufficient_funds"],
      ["4000000000000069", "expired_card", null],
    ] as const)
      await expect(run(createPaymentMethodOperation, { tokenId: token(number) })).rejects.toMatchObject({
        code: "CARD_DECLINED",
        details: { code, declineCode },
      });
    expect(await run(paymentMethodsOperation, {})).toHaveLength(1);
  });

  it("asks to confirm 4000002500003155, and lists it once confirmed", async () => {
    const pending = await run<object, { id: string; metadata: { clientSecret: string | null } }>(createPaymentMethodOperation, {
      tokenId: token("4000002500003155"),
    });
    expect(pending.metadata.clientSecret).toMatch(/^seti_local_.+_secret_/);
    expect(await run(paymentMethodsOperation, {})).toHaveLength(1);
    expect(await run(confirmPaymentMethodOperation, { id: pending.id })).toMatchObject({
      lastDigits: "3155",
      default: false,
      metadata: { clientSecret: null },
    });
    expect(await run(paymentMethodsOperation, {})).toHaveLength(2);
  });

  it("sets the default card over GraphQL, and never deletes the last one", async () => {
    const cards = await run<object, { id: string; default: boolean }[]>(paymentMethodsOperation, {});
    const other = cards.find((c) => !c.default)!;
    const set = await graphql<{ setDefaultPaymentMethod: boolean }>(
      `
        mutation ($id: ID!) {
          setDefaultPaymentMethod(id: $id)
        }
      `,
      {
        accessToken: adminToken,
        variables: { id: other.id },
      },
    );
    expect(set.data?.setDefaultPaymentMethod).toBe(true);
    const list = await graphql<{ paymentMethods: { id: string; default: boolean }[] }>(
      `
        {
          paymentMethods {
            id
            default
            lastDigits
          }
        }
      `,
      { accessToken: adminToken },
    );
    expect(list.data?.paymentMethods.find((c) => c.default)?.id).toBe(other.id);
    const spare = await run<object, { id: string }>(createPaymentMethodOperation, { tokenId: token("5555555555554444") });
    await run(deletePaymentMethodOperation, { id: spare.id });
    const first = cards.find((c) => c.default)!;
    await run(deletePaymentMethodOperation, { id: first.id });
    await expect(run(deletePaymentMethodOperation, { id: other.id })).rejects.toMatchObject({ code: "LAST_PAYMENT_METHOD" });
    await run(setDefaultPaymentMethodOperation, { id: other.id });
    expect(await run(paymentMethodsOperation, {})).toEqual([expect.objectContaining({ id: other.id, default: true })]);
  });

  it("checks promotion codes and gives the tax rate of the billing country", async () => {
    expect(await run(checkPromotionCodeOperation, { code: "welcome20" })).toMatchObject({
      coupon: { id: "coupon_local_welcome20", percentOff: 20 },
    });
    expect(await run(checkPromotionCodeOperation, { code: "NOT-A-CODE" })).toBeNull();
    expect(await run(taxRateOperation, {})).toEqual({ name: "IVA", percentage: 21 });
  });

  it("previews the invoice: the free plan as a zero invoice, a paid one with the coupon and the tax", async () => {
    expect(await run(upcomingInvoiceOperation, { prediction: { items: [{ quota: "quota_free_year", quantity: 1 }] } })).toMatchObject({
      amount: 0,
      total: 0,
      lines: [],
    });
    expect(
      await run(upcomingInvoiceOperation, {
        prediction: { items: [{ quota: "quota_standard_year", quantity: 1 }], coupon: "coupon_local_welcome20" },
      }),
    ).toMatchObject({
      subtotal: 29000,
      discount: 5800,
      tax: 4872,
      total: 28072,
      amount: 28072,
      currency: "eur",
      taxRate: { percentage: 21 },
    });
  });

  it("makes one subscription of two confirms at once, and the plan applies at once", async () => {
    const input = { items: [{ quota: "quota_standard_year", quantity: 1 }], coupon: "coupon_local_welcome20" };
    const results = await Promise.allSettled([run(upsertSubscriptionOperation, input), run(upsertSubscriptionOperation, input)]);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT" });
    expect(await db.subscription.count({ where: { accountId } })).toBe(1);
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(account.planSlug).toBe("standard");
    expect(account.capabilities).toEqual(expect.arrayContaining(["analytics", "import", "brandingColors"]));
    expect(await run(subscriptionsOperation, {})).toEqual([
      expect.objectContaining({
        status: "active",
        coupon: "coupon_local_welcome20",
        items: [expect.objectContaining({ quota: "quota_standard_year" })],
      }),
    ]);
    const {
      invoices: [invoice],
    } = await run<object, { invoices: { total: number; status: string }[] }>(invoicesOperation, {});
    expect(invoice).toMatchObject({ total: 28072, status: "paid" });
  });

  it("credits the unused part when the period changes, and moving back to free waits for the period's end", async () => {
    const preview = await run<object, { lines: { type: string; amount: number }[] }>(upcomingInvoiceOperation, {
      prediction: { items: [{ quota: "quota_standard_month", quantity: 1 }] },
    });
    expect(preview.lines.map((l) => l.type)).toEqual(["unused", "remaining"]);
    expect(preview.lines[0].amount).toBeLessThan(0);
    await run(upsertSubscriptionOperation, { items: [{ quota: "quota_standard_month", quantity: 1 }] });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).limits).toMatchObject({ documents: 1000, period: "month" });
    const cancelled = await run(upsertSubscriptionOperation, { items: [{ quota: "quota_free_year", quantity: 1 }] });
    expect(cancelled).toMatchObject({ cancelAtPeriodEnds: true, items: [expect.objectContaining({ quota: "quota_standard_month" })] });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).planSlug).toBe("standard");
    const renewed = await run(upsertSubscriptionOperation, { items: [{ quota: "quota_standard_month", quantity: 1 }] });
    expect(renewed).toMatchObject({ cancelAtPeriodEnds: false });
  });
});

describe("the plan on declarations", () => {
  it("refuses a capability the plan lacks, with the capability named for the upgrade prompt", async () => {
    const { account, owner } = await createAccount("Free plan");
    const { ctx } = await signedInAs(owner.id, account.id);
    const needsRules = defineOperation({
      name: "testNeedsRules",
      kind: "query",
      description: "A test declaration needing the rules capability.",
      callers: ["member"],
      capability: "rules",
      input: z.object({}),
      output: z.boolean(),
      run: async () => true,
    });
    await expect(runOperation(needsRules, ctx, {})).rejects.toMatchObject({
      code: "FEATURE_NOT_IN_PLAN",
      details: { capability: "rules", plan: "free" },
    });
    await db.account.update({ where: { id: account.id }, data: { capabilities: { push: "rules" } } });
    const { ctx: upgraded } = await signedInAs(owner.id, account.id);
    expect(await runOperation(needsRules, upgraded, {})).toBe(true);
  });

  it("blocks creating documents past the limit and keeps the ones there", async () => {
    const { account, owner } = await createAccount("Over limit");
    const { ctx } = await signedInAs(owner.id, account.id);
    expect((await db.account.findUniqueOrThrow({ where: { id: account.id } })).limits).toMatchObject({ documents: 100, period: "month" });
    const document = await createDocumentFromUpload(ctx, { name: "Kept" }, { name: "kept.docx", bytes: makeDocx(["Terms"]) });
    expect(await runOperation(cloneDocumentOperation, ctx, { id: document.id })).toMatchObject({ name: "Kept (copy)" });
    // As after a downgrade below what the workspace already made this month.
    await db.account.update({
      where: { id: account.id },
      data: { limits: { documents: 2, members: 3, period: "month", periodStart: null } },
    });
    await expect(runOperation(cloneDocumentOperation, ctx, { id: document.id })).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      details: { limit: "documents", max: 2, used: 2, plan: "free" },
    });
    expect(await db.document.count({ where: { accountId: account.id } })).toBe(2);
  });
});
