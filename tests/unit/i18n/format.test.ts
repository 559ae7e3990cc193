import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY, formatCurrency, formatDecimal, formatPercent } from "@/lib/i18n/format";

describe("formatting", () => {
  it("uses the default currency of each locale", () => {
    expect(DEFAULT_CURRENCY).toEqual({ en: "USD", es: "EUR", ca: "EUR", pt: "EUR", "pt-br": "BRL" });
    expect(formatCurrency("en", 123456)).toBe("$1,234.56");
    expect(formatCurrency("pt-br", 123456)).toMatch(/^R\$\s1\.234,56$/);
    expect(formatCurrency("es", 123456)).toMatch(/^1234,56\s€$|^1\.234,56\s€$/);
  });

  it("keeps two fraction digits and no grouping in percentages", () => {
    expect(formatDecimal("en", 3)).toBe("3.00");
    expect(formatPercent("en", 12.5)).toBe("1250%");
  });
});
