import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY, defaultCurrency, formatCurrency, formatDecimal, formatPercent } from "@/lib/i18n/format";

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

describe("default currency of other languages and regions", () => {
  it("agrees with the five interface languages", () => {
    for (const [locale, currency] of Object.entries(DEFAULT_CURRENCY)) expect(defaultCurrency(locale)).toBe(currency);
  });

  it("takes the region first", () => {
    expect(defaultCurrency("en-GB")).toBe("GBP");
    expect(defaultCurrency("en-AU")).toBe("AUD");
    expect(defaultCurrency("en-CA")).toBe("CAD");
    expect(defaultCurrency("fr-CA")).toBe("CAD");
    expect(defaultCurrency("es-MX")).toBe("MXN");
    expect(defaultCurrency("en-IN")).toBe("INR");
    expect(defaultCurrency("en-IE")).toBe("EUR");
    expect(defaultCurrency("pt-BR")).toBe("BRL");
    expect(defaultCurrency("pt_br")).toBe("BRL");
    expect(defaultCurrency("zh-Hans-CN")).toBe("CNY");
  });

  it("then the base language", () => {
    for (const tag of ["fr", "de", "it", "nl", "de-XX", "nl-Latn"]) expect(defaultCurrency(tag)).toBe("EUR");
    expect(defaultCurrency("ja")).toBe("JPY");
    expect(defaultCurrency("zh")).toBe("CNY");
    expect(defaultCurrency("hi")).toBe("INR");
    expect(defaultCurrency("ko-KR")).toBe("KRW");
    expect(defaultCurrency("es-419")).toBe("EUR");
  });

  it("falls back to US dollars", () => {
    expect(defaultCurrency("sv")).toBe("USD");
    expect(defaultCurrency("")).toBe("USD");
  });

  it("formats any of them with two fraction digits", () => {
    expect(formatCurrency("en", 123456, defaultCurrency("en-GB"))).toBe("£1,234.56");
    expect(formatCurrency("en", 123456, defaultCurrency("ja"))).toBe("¥1,234.56");
  });
});
