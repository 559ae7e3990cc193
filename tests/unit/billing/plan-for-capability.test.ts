import { describe, expect, it } from "vitest";
import { checkoutHref, checkoutPreselect } from "@/lib/billing/checkout-preselect";
import { planForCapability, planForLimit } from "@/lib/billing/plan-for-capability";
import { PLANS, type PlanDefinition } from "@/lib/billing/plans";

describe("the plan the upgrade prompt opens checkout for", () => {
  it("is the cheapest plan whose capabilities include the feature", () => {
    // import and brandingColors come with Standard (and Premium): Standard is cheaper.
    expect(planForCapability("import")).toBe("standard");
    expect(planForCapability("brandingColors")).toBe("standard");
    // rules and ticketing only with Premium.
    expect(planForCapability("rules")).toBe("premium");
    expect(planForCapability("ticketing")).toBe("premium");
  });

  it("never offers the free plan, and is null for a feature no plan has", () => {
    expect(planForCapability("documents")).toBe("standard");
    expect(planForCapability("teleportation")).toBeNull();
  });

  it("compares prices, not the order plans are listed in, and reads 'name.units' capabilities", () => {
    const cheapPremium: PlanDefinition[] = PLANS.map((plan) =>
      plan.slug === "premium"
        ? { ...plan, capabilities: [...plan.capabilities, "signatures.50"], quotas: plan.quotas.map((q) => ({ ...q, amount: 100 })) }
        : plan,
    );
    expect(planForCapability("import", cheapPremium)).toBe("premium");
    expect(planForCapability("signatures", cheapPremium)).toBe("premium");
    expect(planForCapability("signature", cheapPremium)).toBeNull();
  });

  it("past a limit, is the plan the current one upgrades to", () => {
    expect(planForLimit("free")).toBe("standard");
    expect(planForLimit("standard")).toBe("premium");
    expect(planForLimit("premium")).toBeNull();
  });
});

describe("checkout opened from an address", () => {
  it("preselects the plan and the period, the year when none is given", () => {
    expect(checkoutPreselect({ checkout: "standard", period: "month" })).toEqual({ plan: "standard", interval: "month" });
    expect(checkoutPreselect({ checkout: "premium" })).toEqual({ plan: "premium", interval: "year" });
    expect(checkoutPreselect({ checkout: "premium", period: "fortnight" })).toEqual({ plan: "premium", interval: "year" });
  });

  it("opens nothing for an unknown or repeated plan", () => {
    expect(checkoutPreselect({})).toBeNull();
    expect(checkoutPreselect({ checkout: "gold" })).toBeNull();
    expect(checkoutPreselect({ checkout: ["standard", "premium"] })).toBeNull();
  });

  it("is built back into the same address", () => {
    expect(checkoutPreselect(Object.fromEntries(new URL(checkoutHref("standard", "month"), "http://x").searchParams))).toEqual({
      plan: "standard",
      interval: "month",
    });
    expect(checkoutHref("premium")).toBe("/settings/ws/billing?checkout=premium");
  });
});
