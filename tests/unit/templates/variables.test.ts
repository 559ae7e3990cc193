import { describe, expect, it } from "vitest";
import type { AppError } from "@/lib/errors/app-error";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import { localizedMessage } from "@/lib/http/error-response";
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

  it("names every broken field with a code, its params and an English fallback", () => {
    expect(() => fillValues(fields, { when: "2025-12-31", fee: "x", mail: "nope", tier: "Bronze" })).toThrow(
      expect.objectContaining({
        code: "VALIDATION_FAILED",
        params: { fields: "name, when, fee, rate, mail, tier" },
        details: {
          fields: [
            { path: "name", code: "required", message: "This field is required." },
            { path: "when", code: "minDate", params: { min: "2026-01-01" }, message: "The date must be on or after 2026-01-01." },
            { path: "fee", code: "number", message: "Enter a number." },
            { path: "rate", code: "required", message: "This field is required." },
            { path: "mail", code: "email", message: "Email isn't valid." },
            { path: "tier", code: "choice", message: "Choose one of the options." },
          ],
        },
      }),
    );
  });

  it("translates the field problems for the caller's language where the error is rendered", () => {
    let error: AppError | undefined;
    try {
      fillValues([...fields, v("bio", "text", {}, false)], { name: "Ana", when: "2025-12-31", fee: 1, rate: 1, bio: "x".repeat(10_001) }, { language: "en" });
    } catch (caught) {
      error = caught as AppError;
    }
    const spanish = localizeAppError(error!, "es");
    expect(spanish.details.fields).toEqual([
      { path: "when", code: "minDate", params: { min: "2026-01-01" }, message: "La fecha no puede ser anterior al 1 de enero de 2026." },
      { path: "bio", code: "tooLong", params: { max: 10_000 }, message: "El texto es demasiado largo (máximo 10.000 caracteres)." },
    ]);
    expect(localizedMessage(spanish, "es")).toBe("Algunos campos no son válidos: when, bio");
    expect((localizeAppError(error!, "pt-br").details.fields as { message: string }[])[0].message).toBe("A data não pode ser anterior a 1 de janeiro de 2026.");
    // The service's error is left as it was.
    expect((error!.details.fields as { message: string }[])[0].message).toBe("The date must be on or after 2026-01-01.");
  });

  it("formats dates by pattern", () => {
    expect(formatDateValue("2026-07-04", "en", "D MMMM YYYY")).toBe("4 July 2026");
    expect(formatDateValue("2026-07-04", "pt", "DD/MM/YY")).toBe("04/07/26");
  });

  it("gives formula problems a reason code, translated into the {reason} of the message", () => {
    const refused = (variables: Variable[]) => {
      try {
        assertValidVariables(variables);
      } catch (error) {
        return error as AppError;
      }
      throw new Error("accepted");
    };
    const unknown = refused([v("fee", "number"), v("total", "formula", { formula: "[fee] * [tax]" })]);
    expect(unknown).toMatchObject({ code: "FORMULA_INVALID", params: { name: "total", reason: "[tax] is not a field of this template" }, details: { field: "total", reason: { code: "unknownField", params: { field: "tax" } } } });
    expect(localizedMessage(localizeAppError(unknown, "es"), "es")).toBe('La fórmula de "total" no es válida: [tax] no es un campo de esta plantilla');
    expect(localizedMessage(localizeAppError(unknown, "ca"), "ca")).toBe("La fórmula de \"total\" no és vàlida: [tax] no és un camp d'aquesta plantilla");
    const empty = refused([v("total", "formula")]);
    expect(localizedMessage(localizeAppError(empty, "pt"), "pt")).toBe('A fórmula de "total" não é válida: está vazia');
    const broken = refused([v("a", "number"), v("total", "formula", { formula: "([a] + 1" })]);
    expect(broken.details).toMatchObject({ reason: { code: "unclosedParenthesis" } });
    expect(localizedMessage(localizeAppError(broken, "es"), "es")).toBe('La fórmula de "total" no es válida: falta cerrar un (');
    expect(localizedMessage(localizeAppError(broken, "en"), "en")).toBe('The formula of "total" is not valid: a ( is not closed');
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

  it("fills a PDF form template's name in any variable format, leaving what is not a field", () => {
    const text = { client: "Acme", year: "2026", "start date": "1 May" };
    expect(fillName("NDA [client] - [year]", "pdfForm", text)).toBe("NDA Acme - 2026");
    expect(fillName("NDA {{client}} ${year} {start date}", "pdfForm", text)).toBe("NDA Acme 2026 1 May");
    expect(fillName("NDA [other] {{other}} [constructor]", "pdfForm", text)).toBe("NDA [other] {{other}} [constructor]");
  });
});
