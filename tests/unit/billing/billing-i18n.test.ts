import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { BillingDetailsCard } from "@/components/billing/billing-details-card";
import { PlanFeatures } from "@/components/billing/plan-features";
import { planName } from "@/components/billing/plan-name";
import { PLANS, capabilityName, usageRatio } from "@/lib/billing/plans";
import { countryOptions } from "@/lib/i18n/countries";
import { formatCurrency, formatDate, formatNumber, intlLocale } from "@/lib/i18n/format";
import { LOCALES } from "@/lib/i18n/locales";
import { timeZoneCity, timeZoneLabel, timeZoneOptions } from "@/lib/i18n/time-zones";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { renderedText, withClientIntl } from "../../factories/client-intl";

// The card's actions refresh the page through the router: none in a string render.
vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh() {}, push() {}, replace() {} }),
  usePathname: () => "/settings/ws/billing",
}));

const NBSP = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(NBSP, " ");

describe("the locale Intl is given (spec section 9: pt → pt-PT, pt-br → pt-BR)", () => {
  it("maps each interface language to its Intl tag", () => {
    expect(LOCALES.map(intlLocale)).toEqual(["en", "es", "ca", "pt-PT", "pt-BR"]);
  });

  it("formats Portugal's money, numbers and dates as Portugal does, Brazil's as Brazil does", () => {
    expect(plain(formatCurrency("pt", 2900, "eur"))).toBe("29,00 €");
    expect(plain(formatCurrency("pt-br", 2900, "eur"))).toBe("€ 29,00");
    expect(plain(formatCurrency("es", 2900, "eur"))).toBe("29,00 €");
    expect(plain(formatNumber("pt", 12345.5))).toBe("12 345,5");
    expect(formatNumber("pt-br", 12345.5)).toBe("12.345,5");
    const date = new Date("2026-03-09T12:00:00Z");
    expect(formatDate("pt", date, { dateStyle: "short" }, "UTC")).toBe(
      new Intl.DateTimeFormat("pt-PT", { dateStyle: "short", timeZone: "UTC" }).format(date),
    );
    expect(formatDate("pt", date, { dateStyle: "medium" }, "UTC")).not.toBe(formatDate("pt-br", date, { dateStyle: "medium" }, "UTC"));
  });

  it("formats a plan's price in the plan's own currency", () => {
    expect(formatCurrency("en", 2900, PLANS[1].quotas[0].currency)).toBe("€29.00");
    expect(plain(formatCurrency("ca", 2900, "usd"))).toBe("29,00 USD");
  });
});

describe("time-zone labels", () => {
  const winter = new Date("2026-01-15T12:00:00Z");
  const summer = new Date("2026-07-15T12:00:00Z");

  it("names a zone in the reader's language, with its city and its offset from UTC", () => {
    expect(timeZoneLabel("en", "Europe/Madrid", winter)).toBe("Central European Time — Madrid (UTC+01:00)");
    expect(timeZoneLabel("en", "Europe/Madrid", summer)).toBe("Central European Time — Madrid (UTC+02:00)");
    expect(timeZoneLabel("es", "Europe/Madrid", winter)).toBe("hora de Europa central — Madrid (UTC+01:00)");
    expect(timeZoneLabel("pt", "Europe/Lisbon", winter)).toMatch(/^Hora da Europa Ocidental — Lisbon \(UTC\+00:00\)$/);
    expect(timeZoneLabel("en", "America/Argentina/Buenos_Aires", winter)).toBe("Argentina Standard Time — Buenos Aires (UTC−03:00)");
    expect(timeZoneLabel("en", "Asia/Kolkata", winter)).toBe("India Standard Time — Kolkata (UTC+05:30)");
  });

  it("falls back to the city for a zone Intl names by its offset only", () => {
    expect(timeZoneCity("America/North_Dakota/New_Salem")).toBe("New Salem");
    const label = timeZoneLabel("en", "Etc/GMT-3", winter);
    expect(label).toBe("GMT-3 (UTC+03:00)");
  });

  it("lists every zone once, by its IANA id, west to east", () => {
    const options = timeZoneOptions("ca", ["Europe/Madrid", "America/New_York", "Asia/Tokyo", "UTC"], winter);
    expect(options.map((o) => o.id)).toEqual(["America/New_York", "UTC", "Europe/Madrid", "Asia/Tokyo"]);
    for (const option of options.filter((o) => o.id.includes("/"))) expect(option.label).not.toContain(option.id);
    expect(options.find((o) => o.id === "UTC")?.label).toBe("UTC (UTC+00:00)");
    const all = timeZoneOptions("en");
    expect(new Set(all.map((o) => o.id)).size).toBe(Intl.supportedValuesOf("timeZone").length);
  });
});

describe("country names of the billing address", () => {
  const details = {
    legalName: "Acme SL",
    address: { line1: "Gran Via 1", line2: null, city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES" },
    tax: { taxId: null },
  } as unknown as Parameters<typeof BillingDetailsCard>[0]["details"];

  it("are the server's list, shown as given: the browser names nothing itself", () => {
    const countries = [
      { code: "ES", name: "Spain, as the server names it" },
      { code: "PT", name: "Portugal" },
    ];
    const html = renderToString(withClientIntl(createElement(BillingDetailsCard, { details, countries }), { messages: en }));
    expect(html).toContain("Spain, as the server names it");
  });

  it("are one function's output, the same on every call, sorted in the reader's language", () => {
    for (const locale of LOCALES) {
      const first = countryOptions(locale);
      expect(JSON.parse(JSON.stringify(first))).toEqual(countryOptions(locale));
      expect(first.find((c) => c.code === "ES")?.name).toBe(new Intl.DisplayNames([intlLocale(locale)], { type: "region" }).of("ES"));
    }
    expect(countryOptions("es").find((c) => c.code === "DE")?.name).toBe("Alemania");
  });
});

describe("plans in the reader's language", () => {
  const t = Object.assign((key: string) => (({ "planNames.standard": "Estándar" }) as Record<string, string>)[key] ?? key, {
    has: (key: string) => key === "planNames.standard",
  });

  it("names a plan by its slug's message, else by its stored name", () => {
    expect(planName(t, { slug: "standard", name: "Standard" })).toBe("Estándar");
    expect(planName(t, { slug: "enterprise", name: "Enterprise" })).toBe("Enterprise");
    for (const plan of PLANS) expect(es.billing.planNames[plan.slug]).toBeTruthy();
  });

  it("translates every capability of every plan", () => {
    for (const plan of PLANS)
      for (const capability of plan.capabilities) expect(es.billing.features).toHaveProperty(capabilityName(capability));
  });

  it("lists a plan's limits and features in Spanish, starring those the workspace's plan lacks", () => {
    const premium = PLANS[2];
    const standard = PLANS[1];
    const text = renderedText(
      createElement(PlanFeatures, {
        plan: "Estándar",
        capabilities: standard.capabilities,
        limits: standard.limits,
        current: PLANS[0].capabilities,
      }),
      { locale: "es", messages: es },
    );
    expect(text).toContain("1000 documentos al mes");
    expect(text).toContain("Hasta 20 miembros");
    expect(text).toContain("Plantillas");
    expect(text).toContain("Colecciones ★");
    expect(text).not.toContain("Plantillas ★");
    const unlimited = renderedText(
      createElement(PlanFeatures, {
        plan: "Premium",
        capabilities: premium.capabilities,
        limits: premium.limits,
        current: standard.capabilities,
      }),
      { locale: "es", messages: es },
    );
    expect(unlimited).toContain("Documentos ilimitados");
    expect(unlimited).toContain("Miembros ilimitados");
    expect(unlimited).toContain("Reglas ★");
    expect(unlimited).not.toContain("Colecciones ★");
  });

  it("offers the upgrade prompt on a starred feature when the workspace can upgrade", () => {
    const html = renderToString(
      withClientIntl(
        createElement(PlanFeatures, {
          plan: "Premium",
          capabilities: PLANS[2].capabilities,
          limits: PLANS[2].limits,
          current: PLANS[1].capabilities,
          contact: { plan: "standard", href: "/settings/ws/billing", kind: "checkout" },
        }),
        { locale: "es", messages: es },
      ),
    );
    expect(html).toMatch(/<button[^>]*aria-label="Reglas: no está en tu plan/);
  });

  it("measures how full a limit is", () => {
    expect(usageRatio({ used: 12, max: 50 })).toBe(0.24);
    expect(usageRatio({ used: 60, max: 50 })).toBe(1);
    expect(usageRatio({ used: 60, max: null })).toBe(0);
  });
});
