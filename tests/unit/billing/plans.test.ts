import { describe, expect, it } from "vitest";
import {
  accountLimits,
  confirmEnabled,
  confirmLabel,
  fromCents,
  limitForInterval,
  planBySlug,
  planButton,
  PLANS,
  quotaFor,
  yearlyMonthlyEquivalent,
  yearlySavings,
} from "@/lib/billing/plans";
import { invoiceTotals } from "@/lib/billing/invoice-math";
import { limitWindowStart } from "@/lib/billing/plan-enforcement";
import { cardBrand, localToken, luhnValid, parseLocalToken, TEST_CARDS } from "@/lib/billing/local-cards";

describe("plan amounts (spec section 9)", () => {
  it("reads cents as currency units", () => expect(fromCents(2900)).toBe(29));

  it("gives the yearly price's monthly equivalent as yearly / 12", () => {
    expect(yearlyMonthlyEquivalent(29000)).toBeCloseTo(2416.667, 2);
    expect(yearlyMonthlyEquivalent(12000)).toBe(1000);
  });

  it("saves (monthly − yearly/12) × 12 a year", () => {
    expect(yearlySavings(2900, 29000)).toBeCloseTo(5800, 6);
    expect(yearlySavings(1000, 12000)).toBe(0);
  });

  it("multiplies a yearly plan's document limit by 12 and keeps no limit as none", () => {
    expect(limitForInterval(100, "month")).toBe(100);
    expect(limitForInterval(100, "year")).toBe(1200);
    expect(limitForInterval(null, "year")).toBeNull();
    expect(accountLimits({ documents: 1000, members: 20 }, "year", new Date("2026-03-01T00:00:00Z"))).toEqual({
      documents: 12000,
      members: 20,
      period: "year",
      periodStart: "2026-03-01T00:00:00.000Z",
    });
  });

  it("gives the free plan its yearly quota for the month too", () => {
    const free = planBySlug("free");
    expect(quotaFor(free, "month")).toEqual(quotaFor(free, "year"));
    expect(quotaFor(free, "month")?.id).toBe("quota_free_year");
    expect(quotaFor(planBySlug("standard"), "month")?.id).toBe("quota_standard_month");
    expect(quotaFor(planBySlug("standard"), "year")?.id).toBe("quota_standard_year");
  });

  it("has the three plans with euro prices in cents", () => {
    expect(PLANS.map((p) => p.slug)).toEqual(["free", "standard", "premium"]);
    for (const plan of PLANS) for (const quota of plan.quotas) expect(quota.currency).toBe("eur");
    expect(planBySlug("premium").capabilities).toEqual(expect.arrayContaining(planBySlug("standard").capabilities));
  });
});

describe("the confirm button (spec section 9)", () => {
  it("asks to pay when the invoice is above zero", () => {
    expect(confirmLabel({ invoiceAmount: 1, chosenQuotaId: "q1", currentQuotaId: "q1" })).toBe("confirmAndPay");
  });
  it("renews when the chosen quota is the current plan's", () => {
    expect(confirmLabel({ invoiceAmount: 0, chosenQuotaId: "q1", currentQuotaId: "q1" })).toBe("confirmAndRenew");
  });
  it("otherwise confirms", () => {
    expect(confirmLabel({ invoiceAmount: 0, chosenQuotaId: "q2", currentQuotaId: "q1" })).toBe("confirm");
    expect(confirmLabel({ invoiceAmount: 0, chosenQuotaId: null, currentQuotaId: null })).toBe("confirm");
  });
  it("is enabled for the free plan, or with a card and a billing country", () => {
    expect(confirmEnabled({ plan: "free", hasPaymentMethod: false, billingCountry: null })).toBe(true);
    expect(confirmEnabled({ plan: "standard", hasPaymentMethod: true, billingCountry: null })).toBe(false);
    expect(confirmEnabled({ plan: "standard", hasPaymentMethod: false, billingCountry: "ES" })).toBe(false);
    expect(confirmEnabled({ plan: "standard", hasPaymentMethod: true, billingCountry: "ES" })).toBe(true);
  });
});

describe("the plan picker's buttons (spec section 2)", () => {
  const current = { plan: "standard", interval: "year" as const, cancelAtPeriodEnd: false };
  it("names the current plan, disabled unless it cancels at period end", () => {
    expect(planButton({ plan: "standard", interval: "year", current, selected: null })).toEqual({ label: "currentPlan", disabled: true });
    expect(planButton({ plan: "standard", interval: "year", current: { ...current, cancelAtPeriodEnd: true }, selected: null })).toEqual({
      label: "currentPlan",
      disabled: false,
    });
  });
  it("offers the other period of the same plan, the selected plan, free and the others", () => {
    expect(planButton({ plan: "standard", interval: "month", current, selected: null }).label).toBe("selectNewBillingPeriod");
    expect(planButton({ plan: "premium", interval: "year", current, selected: { plan: "premium", interval: "year" } }).label).toBe(
      "planSelected",
    );
    expect(planButton({ plan: "premium", interval: "year", current, selected: null })).toEqual({ label: "selectPlan", disabled: false });
    expect(planButton({ plan: "free", interval: "year", current, selected: null })).toEqual({ label: "downgradeToFree", disabled: false });
    expect(planButton({ plan: "free", interval: "year", current: { ...current, cancelAtPeriodEnd: true }, selected: null }).disabled).toBe(
      true,
    );
  });
});

describe("invoice totals", () => {
  it("takes a percentage off, then the tax", () => {
    expect(invoiceTotals([29000], { percentOff: 20, amountOff: null }, 21)).toEqual({
      subtotal: 29000,
      discount: 5800,
      tax: 4872,
      total: 28072,
      amount: 28072,
    });
  });
  it("takes an amount off no more than the subtotal", () => {
    expect(invoiceTotals([500], { percentOff: null, amountOff: 1000 }, 0)).toEqual({
      subtotal: 500,
      discount: 500,
      tax: 0,
      total: 0,
      amount: 0,
    });
  });
  it("leaves a credit unpaid rather than negative", () => {
    expect(invoiceTotals([-3000, 2900], null, 21)).toMatchObject({ subtotal: -100, tax: 0, total: -100, amount: 0 });
  });
});

describe("document limit windows", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("counts a monthly plan from the start of the month, a yearly one from its period", () => {
    expect(limitWindowStart({ period: "month", periodStart: null }, now).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(limitWindowStart({ period: "year", periodStart: "2026-03-05T10:00:00.000Z" }, now).toISOString()).toBe(
      "2026-03-05T10:00:00.000Z",
    );
  });
});

describe("the offline provider's test cards", () => {
  it("knows Stripe's test numbers and their outcomes", () => {
    expect(TEST_CARDS["4242424242424242"]).toEqual({ kind: "succeeds" });
    expect(TEST_CARDS["4000002500003155"]).toEqual({ kind: "requiresAction" });
    expect(TEST_CARDS["4000000000009995"]).toMatchObject({ code: "card_declined", declineCode: "insufficient_funds" });
    expect(TEST_CARDS["4000000000000069"]).toMatchObject({ code: "expired_card" });
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
  });
  it("reads its own tokens, and refuses a number failing Luhn or a bad month", () => {
    expect(parseLocalToken(localToken("4242424242424242", 12, 2030))).toEqual({ number: "4242424242424242", month: 12, year: 2030 });
    expect(parseLocalToken(localToken("4242424242424241", 12, 2030))).toBeNull();
    expect(parseLocalToken(localToken("4242424242424242", 13, 2030))).toBeNull();
    expect(parseLocalToken("tok_visa")).toBeNull();
  });
  it("tells the brand from the number", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
  });
});
