import { describe, expect, it } from "vitest";
import { currencyParts } from "@/components/templates/currency-parts";

/** A currency field names one currency everywhere (issue 39, item 10): never "$" beside "EUR". */
describe("currencyParts", () => {
  it("takes the code, symbol and name of the field's currency, else the template's, else the language's", () => {
    expect(currencyParts("en", "eur")).toEqual({ code: "EUR", symbol: "€", name: "euros" });
    expect(currencyParts("pt-br", null, "EUR")).toMatchObject({ code: "EUR", symbol: "€" });
    expect(currencyParts("pt-br", null, null)).toMatchObject({ code: "BRL", symbol: "R$" });
    expect(currencyParts("en", "USD", "EUR")).toEqual({ code: "USD", symbol: "$", name: "US dollars" });
    expect(currencyParts("es", "", "USD").code).toBe("USD");
  });

  it("keeps the code everywhere for a code Intl does not know", () => {
    expect(currencyParts("en", "E1")).toEqual({ code: "E1", symbol: "E1", name: "E1" });
  });
});
