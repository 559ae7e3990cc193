import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { withClientIntl } from "../../factories/client-intl";
import { describe, expect, it } from "vitest";
import { cardErrorKey } from "@/components/billing/card-errors";
import { CardField } from "@/components/billing/card-field";
import { stripePublishableKey } from "@/lib/billing/publishable-key";
import en from "@/messages/en.json";

const render = (publishableKey: string | null) =>
  renderToString(withClientIntl(createElement(CardField, { publishableKey, onToken: () => {}, onConfirmer: () => {} }), { messages: en }));

describe("the add-card form's card field", () => {
  it("is the offline provider's field without a publishable key", () => {
    const html = render(null);
    expect(html).toContain('data-testid="local-card-field"');
    expect(html).toContain(en.billing.cardNumber);
    expect(html).toContain(en.billing.cardExpiry);
  });

  it("is Stripe's card element, loaded lazily, with a publishable key", () => {
    const html = render("pk_test_123");
    expect(html).not.toContain("local-card-field");
    // Stripe.js is fetched on demand: the first render is the loading text.
    expect(html).toContain(en.common.loading);
  });

  it("keeps Stripe's libraries out of the offline bundle: only a dynamic import reaches them", () => {
    const source = (file: string) => readFileSync(path.resolve(__dirname, "../../../components/billing", file), "utf8");
    for (const file of ["card-field.tsx", "payment-methods-card.tsx", "checkout.tsx", "local-card-field.tsx"]) {
      expect(source(file)).not.toMatch(/from\s+["']@stripe\//);
      expect(source(file)).not.toMatch(/from\s+["']\.\/stripe-card-field["']/);
    }
    expect(source("card-field.tsx")).toMatch(/import\(\s*["']\.\/stripe-card-field["']\s*\)/);
    const stripe = source("stripe-card-field.tsx");
    expect(stripe).toMatch(/from "@stripe\/react-stripe-js"/);
    // Stripe's element hides the postal code (spec section 9).
    expect(stripe).toContain("hidePostalCode: true");
  });
});

describe("the publishable key handed to the screens", () => {
  it("comes from configuration at runtime, only when the provider is Stripe", () => {
    expect(stripePublishableKey({})).toBeNull();
    expect(stripePublishableKey({ STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toBeNull();
    expect(stripePublishableKey({ STRIPE_SECRET_KEY: "sk_test_1" })).toBeNull();
    expect(stripePublishableKey({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: " pk_test_1 " })).toBe("pk_test_1");
    expect(stripePublishableKey({ STRIPE_SECRET_KEY: "sk_test_1", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_2" })).toBe("pk_test_2");
  });
});

describe("a card refusal's message (spec section 8)", () => {
  const has = (key: string) => key.replace(/^cardErrors\./, "") in en.billing.cardErrors;
  it("is looked up by decline code, else by error code", () => {
    expect(cardErrorKey({ code: "card_declined", declineCode: "insufficient_funds" }, has)).toBe("cardErrors.insufficient_funds");
    expect(cardErrorKey({ code: "expired_card", declineCode: null }, has)).toBe("cardErrors.expired_card");
    expect(cardErrorKey({ code: "card_declined", declineCode: "unknown_reason" }, has)).toBe("cardErrors.card_declined");
    expect(cardErrorKey({ code: "something_else" }, has)).toBeNull();
  });
});
