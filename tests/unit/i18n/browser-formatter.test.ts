import { describe, expect, it } from "vitest";
import { formatterFor } from "@/lib/i18n/client";
import { intlLocale } from "@/lib/i18n/format";

/**
 * The browser formats dates, numbers and money with the same Intl tag as the server (spec section
 * 9's locale rules): a client component in Portuguese writes "29,00 €" as the server's pages do,
 * not Intl's bare `pt` (Brazil's "€ 29,00"), so a page hydrates without a difference.
 */
describe("the browser's formatter", () => {
  const euros = (language: string) => formatterFor(language, "UTC").number(29, { style: "currency", currency: "EUR" }).replace(/\s/g, " ");

  it("writes Portugal's Portuguese for pt and Brazil's for pt-br, as the server does", () => {
    expect(euros("pt")).toBe("29,00 €");
    expect(euros("pt-br")).toBe("€ 29,00");
    for (const language of ["en", "es", "ca", "pt", "pt-br"] as const) {
      const server = new Intl.NumberFormat(intlLocale(language), { style: "currency", currency: "EUR" }).format(29).replace(/\s/g, " ");
      expect(euros(language)).toBe(server);
    }
  });

  it("dates too: pt writes the month as Portugal does", () => {
    const day = new Date("2026-12-08T12:00:00Z");
    expect(formatterFor("pt", "UTC").dateTime(day, { dateStyle: "short" })).toBe(
      new Intl.DateTimeFormat("pt-PT", { dateStyle: "short", timeZone: "UTC" }).format(day),
    );
  });
});
