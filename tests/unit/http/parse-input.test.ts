import { z } from "zod";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import { isSignedCsrfToken, issueCsrfToken } from "@/lib/http/csrf";
import { parseInput } from "@/lib/http/parse-input";
import { LOCALES } from "@/lib/i18n/locales";

const schema = z.object({ email: z.string().email(), age: z.number().optional() }).strict();

function failure(data: unknown): AppError {
  try {
    parseInput(schema, data, "register");
  } catch (error) {
    return error as AppError;
  }
  throw new Error("expected a failure");
}

describe("parseInput", () => {
  it("names a missing parameter with the spec's sentence", () => {
    const error = failure({});
    expect(error.code).toBe("MISSING_PARAMETER");
    expect(error.message).toBe("Required parameter email was null or undefined when calling register");
    expect(failure({ email: null }).code).toBe("MISSING_PARAMETER");
  });

  it("rejects wrong types and unknown fields", () => {
    expect(failure({ email: "a@b.co", age: "x" }).details.fields).toEqual([expect.objectContaining({ path: "age" })]);
    expect(failure({ email: "a@b.co", admin: true }).details.fields).toEqual([
      expect.objectContaining({ path: "admin", code: "unknown_field" }),
    ]);
    expect(failure([1, 2]).code).toBe("VALIDATION_FAILED");
  });

  it("gives each field a stable code, its params and the English text of errors.fields.<code>", () => {
    const fields = (data: unknown, s: z.ZodType) => {
      try {
        parseInput(s, data, "op");
      } catch (error) {
        return (error as AppError).details.fields;
      }
      throw new Error("expected a failure");
    };
    const shape = z
      .object({
        name: z.string().trim().min(1).max(5),
        tags: z.array(z.string()).min(2),
        size: z.number().int().min(1).max(100),
        kind: z.enum(["a", "b"]),
        email: z.string().email(),
        on: z.date().min(new Date("2030-01-01T00:00:00Z")),
      })
      .partial()
      .strict();
    expect(fields({ name: " " }, shape)).toEqual([
      { path: "name", code: "too_small", params: { origin: "string", minimum: 1, inclusive: "true" }, message: "Fill in this field." },
    ]);
    expect(fields({ name: "abcdefg" }, shape)).toEqual([
      { path: "name", code: "too_big", params: { origin: "string", maximum: 5, inclusive: "true" }, message: "Use at most 5 characters." },
    ]);
    expect(fields({ tags: ["x"] }, shape)).toEqual([expect.objectContaining({ code: "too_small", message: "Choose at least 2 items." })]);
    expect(fields({ size: 1000 }, shape)).toEqual([
      expect.objectContaining({ params: { origin: "number", maximum: 100, inclusive: "true" }, message: "Enter a number of at most 100." }),
    ]);
    expect(fields({ size: "x" }, shape)).toEqual([
      { path: "size", code: "invalid_type", params: { expected: "number" }, message: "Enter a number." },
    ]);
    expect(fields({ kind: "c" }, shape)).toEqual([
      { path: "kind", code: "invalid_value", params: { expected: "a, b", received: "c" }, message: "Choose one of: a, b." },
    ]);
    expect(fields({ email: "nope" }, shape)).toEqual([
      { path: "email", code: "invalid_format", params: { format: "email" }, message: "Enter a valid email address." },
    ]);
    // Dates as ISO days: where the error is rendered they read as the locale's long date.
    expect(fields({ on: new Date("2020-05-01") }, shape)).toEqual([
      expect.objectContaining({ params: { origin: "date", minimum: "2030-01-01", inclusive: "true" } }),
    ]);
  });

  it("maps custom messages that are keys, and known sentences, to their code; others to custom", () => {
    const schema = z
      .object({
        zone: z.string().refine(() => false, { message: "timezone" }),
        lower: z.string().regex(/[a-z]/, { message: "lowercase" }),
        names: z.string().refine(() => false, { message: "Two variables have the same name." }),
        other: z.string().refine(() => false, { message: "Something only this schema says." }),
      })
      .partial();
    let error: AppError | undefined;
    try {
      parseInput(schema, { zone: "Mars/Olympus", lower: "ABC", names: "x", other: "x" }, "op");
    } catch (caught) {
      error = caught as AppError;
    }
    expect(error?.details.fields).toEqual([
      { path: "zone", code: "timezone", message: "Choose a time zone from the list." },
      { path: "lower", code: "lowercase", message: "Include at least one lowercase letter." },
      { path: "names", code: "duplicateName", message: "Two variables have the same name." },
      { path: "other", code: "custom", message: "This value is not valid." },
    ]);
  });

  it("every code it gives has a text in each language (REST and GraphQL translate through localizeAppError)", () => {
    const schema = z
      .object({
        a: z.string().min(3),
        b: z.number().max(2),
        c: z.enum(["x"]),
        d: z.string().url(),
        e: z.boolean(),
        f: z.string().refine(() => false, { message: "phone" }),
        g: z.union([z.number(), z.boolean()]),
      })
      .strict();
    let error: AppError | undefined;
    try {
      parseInput(schema, { a: "x", b: 5, c: "y", d: "no", e: "yes", f: "1", g: "s", h: 1 }, "op");
    } catch (caught) {
      error = caught as AppError;
    }
    const english = error!.details.fields as { code: string; message: string }[];
    expect(english.map((f) => f.code)).toEqual([
      "too_small",
      "too_big",
      "invalid_value",
      "invalid_format",
      "invalid_type",
      "phone",
      "invalid",
      "unknown_field",
    ]);
    for (const locale of LOCALES) {
      const localized = localizeAppError(error!, locale).details.fields as { code: string; message: string }[];
      localized.forEach((field, index) => {
        expect(field.code).toBe(english[index].code);
        expect(field.message, `${locale} ${field.code}`).not.toMatch(/errors\.fields|\{|\}/);
        if (locale !== "en") expect(field.message, `${locale} ${field.code}`).not.toBe(english[index].message);
        else expect(field.message).toBe(english[index].message);
      });
    }
  });

  it("returns the parsed value", () => {
    expect(parseInput(schema, { email: "a@b.co" }, "register")).toEqual({ email: "a@b.co" });
  });
});

describe("CSRF tokens", () => {
  it("accepts only our own signature", () => {
    const token = issueCsrfToken(null);
    expect(isSignedCsrfToken(token)).toBe(true);
    expect(issueCsrfToken(token)).toBe(token);
    expect(isSignedCsrfToken(`${token.split(".")[0]}.forged`)).toBe(false);
    expect(isSignedCsrfToken("garbage")).toBe(false);
  });
});
