import { describe, expect, it } from "vitest";
import type { AppError } from "@/lib/errors/app-error";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import { localizedMessage } from "@/lib/http/error-response";
import { evaluateFormula, formulaReferences } from "@/lib/templates/formula";
import {
  assertValidVariables,
  fillName,
  fillValues,
  formatDateValue,
  variableOptionsSchema,
  type RawValue,
  type Variable,
} from "@/lib/templates/variables";

const v = (name: string, type: Variable["type"], options: Variable["options"] = {}, required = true): Variable => ({
  name,
  type,
  options,
  required,
  deprecated: false,
});

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
    const { text, values } = fillValues(
      fields,
      { name: "Ana", when: "2026-03-05", fee: "1234.5", rate: 21, ok: true, site: "example.com", tier: "Gold", country: "es" },
      { language: "es" },
    );
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

  it("takes only days that exist, in years 0001 to 9999 (lib/text/calendar-dates.ts)", () => {
    const day = [v("day", "date")];
    for (const value of ["2024-02-30", "0000-01-01", "2024-13-01"])
      expect(() => fillValues(day, { day: value }), value).toThrow(
        expect.objectContaining({ details: { fields: [expect.objectContaining({ path: "day", code: "date" })] } }),
      );
    expect(fillValues(day, { day: "2024-02-29" }, { language: "en" }).text.day).toBe("February 29, 2024");
  });

  it("translates the field problems for the caller's language where the error is rendered", () => {
    let error: AppError | undefined;
    try {
      fillValues(
        [...fields, v("bio", "text", {}, false)],
        { name: "Ana", when: "2025-12-31", fee: 1, rate: 1, bio: "x".repeat(10_001) },
        { language: "en" },
      );
    } catch (caught) {
      error = caught as AppError;
    }
    const spanish = localizeAppError(error!, "es");
    expect(spanish.details.fields).toEqual([
      { path: "when", code: "minDate", params: { min: "2026-01-01" }, message: "La fecha no puede ser anterior al 1 de enero de 2026." },
      { path: "bio", code: "tooLong", params: { max: 10_000 }, message: "El texto es demasiado largo (máximo 10.000 caracteres)." },
    ]);
    expect(localizedMessage(spanish, "es")).toBe("Algunos campos no son válidos: when, bio");
    expect((localizeAppError(error!, "pt-br").details.fields as { message: string }[])[0].message).toBe(
      "A data não pode ser anterior a 1 de janeiro de 2026.",
    );
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
    expect(unknown).toMatchObject({
      code: "FORMULA_INVALID",
      params: { name: "total", reason: "[tax] is not a field of this template" },
      details: { field: "total", reason: { code: "unknownField", params: { field: "tax" } } },
    });
    expect(localizedMessage(localizeAppError(unknown, "es"), "es")).toBe(
      'La fórmula de "total" no es válida: [tax] no es un campo de esta plantilla',
    );
    expect(localizedMessage(localizeAppError(unknown, "ca"), "ca")).toBe(
      'La fórmula de "total" no és vàlida: [tax] no és un camp d\'aquesta plantilla',
    );
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
    expect(() => assertValidVariables([v("a", "text"), v("f", "formula", { formula: "[a] + 1" })])).toThrow(
      expect.objectContaining({ code: "FORMULA_INVALID" }),
    );
    expect(() => assertValidVariables([v("f", "formula", { formula: "[g] + 1" }), v("g", "formula", { formula: "[f]" })])).toThrow(
      /back to itself/,
    );
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

describe("structured field values", () => {
  const problems = (variables: Variable[], raw: Record<string, unknown>, language = "en") => {
    try {
      fillValues(variables, raw as Record<string, RawValue>, { language });
    } catch (error) {
      return ((error as AppError).details.fields as { path: string; code: string; params?: Record<string, string | number> }[]).map(
        ({ path, code, params }) => ({ path, code, ...(params ? { params } : {}) }),
      );
    }
    throw new Error("accepted");
  };

  it("fills an address on one line, postal code before or after the city as the country writes it, the country in the document's language", () => {
    const address = v("office", "address");
    const es = fillValues(
      [address],
      { office: { line1: " Gran Via 1 ", line2: "3º 2ª", city: "Madrid", postalCode: "28013", country: "es" } },
      { language: "es" },
    );
    expect(es.values.office).toEqual({ line1: "Gran Via 1", line2: "3º 2ª", city: "Madrid", postalCode: "28013", country: "ES" });
    expect(es.text.office).toBe("Gran Via 1, 3º 2ª, 28013 Madrid, España");
    const us = fillValues(
      [address],
      { office: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" } },
      { language: "ca" },
    );
    expect(us.text.office).toBe("1 Main St, Springfield, IL 62701, Estats Units");
  });

  it("names each missing or wrong part of an address, and refuses text or unknown parts", () => {
    expect(problems([v("office", "address")], { office: { line1: "", city: "Madrid", postalCode: "28/013", country: "XX" } })).toEqual([
      { path: "office", code: "addressPart", params: { part: "line1" } },
      { path: "office", code: "postalCode" },
      { path: "office", code: "country" },
    ]);
    expect(problems([v("office", "address")], { office: "Gran Via 1, Madrid" })).toEqual([{ path: "office", code: "address" }]);
    expect(problems([v("office", "address")], { office: { line1: "a", city: "b", postalCode: "1", country: "ES", floor: 3 } })).toEqual([
      { path: "office", code: "address" },
    ]);
    expect(
      problems([v("office", "address")], { office: { line1: "x".repeat(201), city: "b", postalCode: "12345", country: "ES" } }),
    ).toEqual([{ path: "office", code: "tooLong", params: { max: 200 } }]);
    // An untouched address (every part empty) is empty: required only if the field is.
    expect(problems([v("office", "address")], { office: { line1: "", city: " ", postalCode: "", country: "" } })).toEqual([
      { path: "office", code: "required" },
    ]);
    expect(fillValues([v("office", "address", {}, false)], { office: { line1: "", city: "" } }).values.office).toBeNull();
  });

  it('fills a position as "lat, long" with six decimals at most, from numbers or text', () => {
    const geo = [v("site", "geo")];
    expect(fillValues(geo, { site: { latitude: 41.38506389, longitude: "2,1734035" } }).text.site).toBe("41.385064, 2.173404");
    const filled = fillValues(geo, { site: "-33.8688, 151.2093" }, { language: "es" });
    expect(filled.values.site).toEqual({ latitude: -33.8688, longitude: 151.2093 });
    expect(filled.text.site).toBe("-33.8688, 151.2093");
    expect(fillValues(geo, { site: { latitude: 0, longitude: -0.00000001 } }).text.site).toBe("0, 0");
    expect(problems(geo, { site: { latitude: 91, longitude: -181 } })).toEqual([
      { path: "site", code: "latitude" },
      { path: "site", code: "longitude" },
    ]);
    expect(problems(geo, { site: { latitude: "north", longitude: 2 } })).toEqual([{ path: "site", code: "geo" }]);
    expect(problems(geo, { site: "41.3" })).toEqual([{ path: "site", code: "geo" }]);
  });

  it("fills a DataMap as key: value lines, refusing empty, repeated and too many keys", () => {
    const map = [v("extras", "object")];
    const filled = fillValues(map, {
      extras: [
        { key: "Colour", value: "Blue" },
        { key: "", value: "" },
        { key: "Size", value: "XL" },
      ],
    });
    expect(filled.values.extras).toEqual([
      { key: "Colour", value: "Blue" },
      { key: "Size", value: "XL" },
    ]);
    expect(filled.text.extras).toBe("Colour: Blue\nSize: XL");
    expect(fillValues(map, { extras: { Seats: 4, Wifi: true } }).text.extras).toBe("Seats: 4\nWifi: true");
    expect(
      problems(map, {
        extras: [
          { key: "", value: "orphan" },
          { key: "A", value: "1" },
          { key: "a", value: "2" },
        ],
      }),
    ).toEqual([
      { path: "extras", code: "keyRequired" },
      { path: "extras", code: "duplicateKey", params: { key: "a" } },
    ]);
    expect(problems(map, { extras: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: "v" })) })).toEqual([
      { path: "extras", code: "tooManyRows", params: { max: 50 } },
    ]);
    expect(problems(map, { extras: [{ key: "k", value: { nested: true } }] })).toEqual([{ path: "extras", code: "dataMap" }]);
    expect(problems(map, { extras: "Colour: Blue" })).toEqual([{ path: "extras", code: "dataMap" }]);
  });

  it("fills a matrix as one line per row under the template's columns", () => {
    const table = [v("items", "matrix", { columns: ["Item", "Qty", "Price"] })];
    const filled = fillValues(table, { items: [["Chairs", "4", "10"], ["", "", ""], { Item: "Desk", Price: "99" }] });
    expect(filled.values.items).toEqual([
      ["Chairs", "4", "10"],
      ["Desk", "", "99"],
    ]);
    expect(filled.text.items).toBe("Item: Chairs; Qty: 4; Price: 10\nItem: Desk; Price: 99");
    expect(problems(table, { items: [["a", "b", "c", "d"]] })).toEqual([{ path: "items", code: "matrixColumns", params: { max: 3 } }]);
    expect(problems(table, { items: [{ Colour: "red" }] })).toEqual([{ path: "items", code: "matrixColumns", params: { max: 3 } }]);
    expect(problems(table, { items: Array.from({ length: 51 }, () => ["x"]) })).toEqual([
      { path: "items", code: "tooManyRows", params: { max: 50 } },
    ]);
    expect(problems(table, { items: "Chairs, 4" })).toEqual([{ path: "items", code: "matrix" }]);
    expect(problems(table, { items: [["x".repeat(1001)]] })).toEqual([{ path: "items", code: "tooLong", params: { max: 1000 } }]);
  });

  it("accepts an identity document number of 3 to 40 letters, digits, spaces or dashes", () => {
    const id = [v("passport", "identity", { identityType: "passport" })];
    expect(fillValues(id, { passport: "  X1234567-L " }).text.passport).toBe("X1234567-L");
    expect(fillValues(id, { passport: "AB   123456" }).values.passport).toBe("AB 123456");
    expect(fillValues(id, { passport: "Ñ-99ß" }).text.passport).toBe("Ñ-99ß");
    for (const bad of ["AB", "x".repeat(41), "12/34/56", "-ABC", "ABC-", "A--BC", 12.5]) {
      expect(problems(id, { passport: bad })).toEqual([{ path: "passport", code: "identity" }]);
    }
  });

  it("refuses an object for a plain type", () => {
    expect(problems([v("name", "text"), v("fee", "number")], { name: { first: "Ana" }, fee: [1] })).toEqual([
      { path: "name", code: "invalid" },
      { path: "fee", code: "number" },
    ]);
  });

  it("upload fields: required like the others, the file's name in the text (a picture's is empty), problems with the files reported with the rest", () => {
    const uploads = [v("scan", "attachment"), v("photo", "image"), v("deed", "file", {}, false)];
    expect(problems(uploads, {})).toEqual([
      { path: "scan", code: "required" },
      { path: "photo", code: "required" },
    ]);
    const scan = { name: "scan.pdf", mimetype: "application/pdf", size: 1200 };
    const photo = { name: "me.png", mimetype: "image/png", size: 300 };
    const filled = fillValues(uploads, { scan, photo });
    expect(filled.values).toEqual({ scan, photo, deed: null });
    expect(filled.text).toEqual({ scan: "scan.pdf", photo: "", deed: "" });
    expect(problems(uploads, { scan: "scan.pdf", photo })).toEqual([{ path: "scan", code: "invalid" }]);
    try {
      fillValues(uploads, { scan }, { problems: [{ path: "photo", code: "imageType", message: "Choose a PNG or JPEG image." }] });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).details.fields).toEqual([{ path: "photo", code: "imageType", message: "Choose a PNG or JPEG image." }]);
    }
  });

  it("writes money by the field's currencyFormat: symbol, code or name", () => {
    const fee = (currencyFormat?: "symbol" | "code" | "name") =>
      fillValues(
        [v("fee", "currency", { currency: "EUR", ...(currencyFormat ? { currencyFormat } : {}) })],
        { fee: 1500 },
        { language: "en" },
      ).text.fee;
    expect(fee()).toBe("€1,500.00");
    expect(fee("code").replace(/\s/g, " ")).toBe("EUR 1,500.00");
    expect(fee("name")).toBe("1,500.00 euros");
    expect(fillValues([v("fee", "currency", { currency: "EUR", currencyFormat: "name" })], { fee: 2 }, { language: "es" }).text.fee).toBe(
      "2,00 euros",
    );
  });

  it("checks the new options: form name like other names, known currency formats and identity types, matrix columns", () => {
    const option = (options: unknown) => variableOptionsSchema.safeParse(options);
    expect(option({ variableName: "Client's name" }).success).toBe(false);
    expect(option({ variableName: "Nombre del cliente" }).success).toBe(true);
    expect(option({ currencyFormat: "words" }).success).toBe(false);
    expect(option({ identityType: "passport", anonymizedAt: 365 }).success).toBe(true);
    expect(option({ columns: Array.from({ length: 21 }, (_, i) => `c${i}`) }).success).toBe(false);
    expect(() => assertValidVariables([v("items", "matrix")])).toThrow(/column/);
    expect(() => assertValidVariables([v("items", "matrix", { columns: ["Item", "item"] })])).toThrow(/same name/);
  });

  it("translates the new problems, in Spanish for instance", () => {
    let error: AppError | undefined;
    try {
      fillValues(
        [v("office", "address"), v("site", "geo"), v("extras", "object"), v("passport", "identity")],
        {
          office: { line1: "Gran Via 1", city: "", postalCode: "28013", country: "ES" },
          site: { latitude: 100, longitude: 2 },
          extras: [
            { key: "a", value: "1" },
            { key: "A", value: "2" },
          ],
          passport: "?",
        },
        { language: "es" },
      );
    } catch (caught) {
      error = caught as AppError;
    }
    expect((error!.details.fields as { message: string }[]).map((f) => f.message)).toEqual([
      "Fill in the city.",
      "The latitude must be between -90 and 90.",
      "The key “A” is used twice.",
      "Enter the document number: 3 to 40 letters, digits, spaces or dashes.",
    ]);
    expect(localizeAppError(error!, "en").details.fields).toEqual(error!.details.fields);
    expect((localizeAppError(error!, "es").details.fields as { message: string }[]).map((f) => f.message)).toEqual([
      "Escribe la ciudad.",
      "La latitud debe estar entre -90 y 90.",
      "La clave «A» está repetida.",
      "Escribe el número del documento: de 3 a 40 letras, números, espacios o guiones.",
    ]);
  });

  it("has the same English text in the service and in messages/en.json for every new code", () => {
    const attempts: [Variable[], Record<string, unknown>][] = [
      [[v("a", "address")], { a: "x" }],
      [[v("a", "address")], { a: { line1: "", city: "", postalCode: "1/2", country: "ZZ" } }],
      [[v("a", "address")], { a: { line1: "x", city: "y", postalCode: "", country: "" } }],
      [[v("g", "geo")], { g: { latitude: 1, longitude: 200 } }],
      [[v("g", "geo")], { g: true }],
      [[v("m", "object")], { m: 1 }],
      [[v("m", "object")], { m: Array.from({ length: 51 }, (_, i) => ({ key: `${i}`, value: "" })) }],
      [[v("t", "matrix", { columns: ["A"] })], { t: [["1", "2"]] }],
      [[v("t", "matrix", { columns: ["A"] })], { t: [1] }],
      [[v("i", "identity"), v("x", "text")], { i: "!", x: {} }],
    ];
    for (const [variables, raw] of attempts) {
      let error: AppError | undefined;
      try {
        fillValues(variables, raw as Record<string, RawValue>);
      } catch (caught) {
        error = caught as AppError;
      }
      expect(localizeAppError(error!, "en").details.fields).toEqual(error!.details.fields);
    }
  });
});
