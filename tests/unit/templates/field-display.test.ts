import { describe, expect, it } from "vitest";
import { fieldDisplay } from "@/lib/templates/field-display";

/** The Fields tab reads values in the reader's language (issue 16): not `12500.5` and `2026-12-15`. */
const field = (type: string, options: Record<string, unknown> = {}) => ({ type, options }) as Parameters<typeof fieldDisplay>[0];
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("fieldDisplay", () => {
  it("formats amounts, numbers and percentages with the locale's rules and the field's or template's currency", () => {
    expect(fieldDisplay(field("currency"), 12500.5, "en", "EUR")).toBe("€12,500.50");
    expect(nbsp(fieldDisplay(field("currency"), 12500.5, "es", "EUR"))).toBe("12.500,50 €");
    expect(nbsp(fieldDisplay(field("currency", { currency: "brl" }), 12500.5, "pt-br", "EUR"))).toBe("R$ 12.500,50");
    expect(fieldDisplay(field("currency", { currencyFormat: "code" }), "99", "en", "USD")).toMatch(/^USD\s99\.00$/);
    expect(fieldDisplay(field("number"), 1234567.891, "en")).toBe("1,234,567.89");
    expect(nbsp(fieldDisplay(field("number"), 1234.5, "ca"))).toBe("1.234,5");
    expect(nbsp(fieldDisplay(field("percentage"), 12.5, "es"))).toBe("12,5 %");
  });

  it("shows a date as the locale's long date, and a checkbox by its own texts or Yes/No in the reader's language", () => {
    expect(fieldDisplay(field("date"), "2026-12-15", "en")).toBe("December 15, 2026");
    expect(fieldDisplay(field("date"), "2026-12-15", "es")).toBe("15 de diciembre de 2026");
    expect(fieldDisplay(field("date"), "2026-12-15", "pt")).toBe("15 de dezembro de 2026");
    expect(fieldDisplay(field("checkbox"), true, "es")).toBe("Sí");
    expect(fieldDisplay(field("checkbox"), false, "en")).toBe("No");
    expect(fieldDisplay(field("checkbox", { trueLabel: "Accepted" }), true, "en")).toBe("Accepted");
  });

  it("leaves other values as the panel always showed them, and an empty one as a dash", () => {
    expect(fieldDisplay(field("text"), "Acme Ltd", "en")).toBe("Acme Ltd");
    expect(fieldDisplay(field("list"), ["a", "b"], "en")).toBe("a, b");
    expect(fieldDisplay(field("number"), null, "en")).toBe("—");
    expect(fieldDisplay(field("number"), "not a number", "en")).toBe("not a number");
  });
});
