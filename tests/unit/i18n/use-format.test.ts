import { createElement, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bindFormat } from "@/lib/i18n/bind-format";
import { ClientIntlProvider } from "@/lib/i18n/client";
import { formatDateTime } from "@/lib/i18n/format";
import { useFormat } from "@/lib/i18n/use-format";

const INSTANT = "2025-03-09T23:30:00Z";

/** What useFormat gives inside the provider <ClientMessages> renders (locale and zone of the request). */
function rendered(locale: string, timeZone: string, use: (format: ReturnType<typeof useFormat>) => string): string {
  function Probe() {
    return createElement("output", null, use(useFormat()));
  }
  const html = renderToString(
    createElement(
      ClientIntlProvider,
      { locale, timeZone, messages: "{}" } as ComponentProps<typeof ClientIntlProvider>,
      createElement(Probe),
    ),
  );
  return html
    .replace(/^<output>|<\/output>$/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("bindFormat", () => {
  it("formats in the bound locale and time zone", () => {
    const madrid = bindFormat("es", "Europe/Madrid");
    // 23:30 UTC is already the next day in Madrid.
    expect(madrid.date(INSTANT)).toBe(
      new Intl.DateTimeFormat("es", { dateStyle: "medium", timeZone: "Europe/Madrid" }).format(new Date(INSTANT)),
    );
    expect(madrid.date(INSTANT)).toContain("10");
    expect(madrid.dateTime(INSTANT)).toBe(formatDateTime("es", INSTANT, "Europe/Madrid"));
    expect(madrid.dateTime(INSTANT)).toContain("0:30");
    expect(bindFormat("en", "UTC").dateTime(INSTANT)).toMatch(/^Mar 9, 2025, 11:30\sPM$/);
  });

  it("lets a calendar date ask for UTC, so its day does not shift", () => {
    const tokyo = bindFormat("en", "Asia/Tokyo");
    expect(tokyo.date("2025-03-09T00:00:00Z", { dateStyle: "long", timeZone: "UTC" })).toBe("March 9, 2025");
    expect(tokyo.date("2025-03-09T20:00:00Z", { dateStyle: "long" })).toBe("March 10, 2025");
  });

  it("formats numbers, percentages and money of spec section 9", () => {
    const brazil = bindFormat("pt-br", "America/Sao_Paulo");
    expect(brazil.currency(123456)).toMatch(/^R\$\s1\.234,56$/);
    expect(brazil.decimal(3)).toBe("3,00");
    expect(bindFormat("en").percent(12.5)).toBe("1250%");
    expect(bindFormat("en").number(1234.567)).toBe("1,234.57");
  });
});

describe("useFormat", () => {
  it("is bound to the provider's locale and time zone", () => {
    expect(rendered("ca", "Europe/Madrid", (f) => f.dateTime(INSTANT))).toBe(formatDateTime("ca", INSTANT, "Europe/Madrid"));
    expect(rendered("en", "America/New_York", (f) => f.dateTime(INSTANT))).toMatch(/^Mar 9, 2025, 7:30\sPM$/);
    expect(rendered("pt-br", "UTC", (f) => `${f.locale} ${f.timeZone}`)).toBe("pt-br UTC");
  });

  it("gives what next-intl's useFormatter gave for the same options (the screens it replaced)", () => {
    for (const [locale, zone] of [
      ["es", "Europe/Madrid"],
      ["pt-br", "America/Sao_Paulo"],
      ["en", "UTC"],
    ] as const) {
      const before = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(new Date(INSTANT));
      expect(rendered(locale, zone, (f) => f.dateTime(INSTANT))).toBe(before);
    }
  });
});
