import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY, defaultCurrency, formatCurrency, formatDate, formatDecimal, formatPercent } from "@/lib/i18n/format";
import { cachedIntl } from "@/lib/i18n/intl-cache";

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

  it("makes one Intl formatter per kind, locale and options, and formats each date in its own zone", () => {
    const medium = cachedIntl(Intl.DateTimeFormat, "en", { dateStyle: "medium", timeZone: "UTC" });
    expect(cachedIntl(Intl.DateTimeFormat, "en", { dateStyle: "medium", timeZone: "UTC" })).toBe(medium);
    expect(cachedIntl(Intl.DateTimeFormat, "es", { dateStyle: "medium", timeZone: "UTC" })).not.toBe(medium);
    expect(cachedIntl(Intl.DateTimeFormat, "en", { dateStyle: "long", timeZone: "UTC" })).not.toBe(medium);
    expect(cachedIntl(Intl.NumberFormat, "en", { dateStyle: "medium", timeZone: "UTC" })).not.toBe(medium);
    // Ten minutes to midnight in UTC is already the next day in Madrid, and is still that day in New York.
    const late = "2026-11-29T23:50:00Z";
    expect(formatDate("en", late, { dateStyle: "medium" }, "UTC")).toBe("Nov 29, 2026");
    expect(formatDate("en", late, { dateStyle: "medium" }, "Europe/Madrid")).toBe("Nov 30, 2026");
    expect(formatDate("en", late, { dateStyle: "medium" }, "America/New_York")).toBe("Nov 29, 2026");
    expect(formatDate("es", late, { dateStyle: "medium" }, "UTC")).toBe("29 nov 2026");
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
