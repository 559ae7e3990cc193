import { describe, expect, it } from "vitest";
import { matchLocale, parseAcceptLanguage, resolveLocale } from "@/lib/i18n/locales";

describe("locale choice", () => {
  it("takes the user's setting first", () => {
    expect(resolveLocale({ userLanguage: "ca", explicit: "es", acceptLanguage: "pt-BR" })).toBe("ca");
  });

  it("then the explicit choice, then the browser, then its base language, then English", () => {
    expect(resolveLocale({ explicit: "es" })).toBe("es");
    expect(resolveLocale({ acceptLanguage: "pt-BR,pt;q=0.9" })).toBe("pt-br");
    expect(resolveLocale({ acceptLanguage: "es-MX,en;q=0.5" })).toBe("es");
    expect(resolveLocale({ acceptLanguage: "de-DE,fr;q=0.8" })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });

  it("orders Accept-Language by quality", () => {
    expect(parseAcceptLanguage("fr;q=0.2, ca;q=0.9, *;q=0.1")).toEqual(["ca", "fr"]);
  });

  it("matches exact tags before base languages", () => {
    expect(matchLocale("pt_BR")).toBe("pt-br");
    expect(matchLocale("pt-PT")).toBe("pt");
    expect(matchLocale("xx")).toBeNull();
  });
});
