import { z } from "zod";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { isSignedCsrfToken, issueCsrfToken } from "@/lib/http/csrf";
import { parseInput } from "@/lib/http/parse-input";

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
