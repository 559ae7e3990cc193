import { describe, expect, it } from "vitest";
import { evaluateFormula, formulaReferences } from "@/lib/templates/formula";
import { assertValidVariables, fillName, fillValues, formatDateValue, type Variable } from "@/lib/templates/variables";

const v = (name: string, type: Variable["type"], options: Variable["options"] = {}, required = true): Variable => ({ name, type, options, required, deprecated: false });

describe("formulas", () => {
  it("computes arithmetic over bracketed names with precedence and parentheses", () => {
    const values: Record<string, number> = { a: 2, "b c": 3 };
    expect(evaluateFormula("[a] * 2 + [b c]", (n) => values[n])).toBe(7);
    expect(evaluateFormula("([a] + 1) * -[b c] / 2", (n) => values[n])).toBe(-4.5);
    expect(formulaReferences("[a] + [a] * [b c]")).toEqual(["a", "b c"]);
  });

  it("refuses code, unbalanced input and division by zero", () => {
    expect(() => formulaReferences("alert(1)")).toThrow();
    expect(() => formulaReferences("([a] + 1")).toThrow(/not closed/);
    expect(() => evaluateFormula("1 / 0", () => 0)).toThrow(/not a number/);
  });
});

describe("field values", () => {
  const fields = [
    v("name", "text"),
    v("when", "date", { dateMin: "2026-01-01" }),
    v("fee", "currency", { currency: "EUR" }),
    v("rate", "percentage"),
    v("ok", "checkbox", { trueLabel: "Sí", falseLabel: "No" }, false),
    v("mail", "email", {}, false),
    v("site", "url", {}, false),
    v("tier", "dropdown", { choices: ["Gold", "Silver"] }, false),
    v("country", "country", {}, false),
    v("total", "formula", { formula: "[fee] * (1 + [rate] / 100)" }, false),
  ];

  it("formats each type in the template's language and computes formulas", () => {
    const { text, values } = fillValues(fields, { name: "Ana", when: "2026-03-05", fee: "1234.5", rate: 21, ok: true, site: "example.com", tier: "Gold", country: "es" }, { language: "es" });
    expect(text.when).toBe("5 de marzo de 2026");
    expect(text.fee.replace(/\s/g, " ")).toBe("1234,50 €");
    expect(text.rate.replace(/\s/g, " ")).toBe("21 %");
    expect(text.ok).toBe("Sí");
    expect(text.site).toBe("https://example.com");
    expect(text.country).toBe("España");
    expect(values.total).toBeCloseTo(1493.745);
  });

  it("names every broken field with its reason", () => {
    expect(() => fillValues(fields, { when: "2025-12-31", fee: "x", mail: "nope", tier: "Bronze" })).toThrow(
      expect.objectContaining({
        code: "VALIDATION_FAILED",
        details: { fields: { name: "This field is required.", when: expect.stringContaining("2026-01-01"), fee: "Enter a number.", rate: "This field is required.", mail: "Email isn't valid.", tier: "Choose one of the options." } },
      }),
    );
  });

  it("formats dates by pattern", () => {
    expect(formatDateValue("2026-07-04", "en", "D MMMM YYYY")).toBe("4 July 2026");
    expect(formatDateValue("2026-07-04", "pt", "DD/MM/YY")).toBe("04/07/26");
  });

  it("checks definitions together: choices, date bounds, formula references and loops", () => {
    expect(() => assertValidVariables([v("t", "dropdown")])).toThrow(/choice/);
    expect(() => assertValidVariables([v("d", "date", { dateMin: "2026-02-01", dateMax: "2026-01-01" })])).toThrow(/earliest/);
    expect(() => assertValidVariables([v("a", "text"), v("f", "formula", { formula: "[a] + 1" })])).toThrow(expect.objectContaining({ code: "FORMULA_INVALID" }));
    expect(() => assertValidVariables([v("f", "formula", { formula: "[g] + 1" }), v("g", "formula", { formula: "[f]" })])).toThrow(/back to itself/);
  });

  it("fills a document name from the values", () => {
    expect(fillName("NDA [client] - [year]", "bracket", { client: "Acme" })).toBe("NDA Acme - [year]");
    expect(fillName("NDA {{client}}", "doubleBrace", { client: "Acme" })).toBe("NDA Acme");
  });
});
