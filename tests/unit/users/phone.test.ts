import { describe, expect, it } from "vitest";
import { callingCodeOf, isValidPhone, normalizePhone } from "@/lib/users/phone";
import { updateUserSchema } from "@/lib/sign-in/schemas";

describe("phone numbers", () => {
  it("finds the country calling code", () => {
    expect(callingCodeOf("+34 600 123 456")).toBe("34");
    expect(callingCodeOf("+1 (415) 555-0100")).toBe("1");
    expect(callingCodeOf("+351 912 345 678")).toBe("351");
    expect(callingCodeOf("+55 11 91234-5678")).toBe("55");
  });

  it("refuses numbers without a known code or of the wrong length", () => {
    expect(isValidPhone("600123456")).toBe(false);
    expect(isValidPhone("+999 123 456 789")).toBe(false);
    expect(isValidPhone("+34 12")).toBe(false);
    expect(isValidPhone("+34 600 123 456 789 012")).toBe(false);
  });

  it("is stored as + and digits", () => {
    expect(normalizePhone("+34 600-123 (456)")).toBe("+34600123456");
    expect(updateUserSchema.parse({ phone: "+34 600 123 456" })).toEqual({ phone: "+34600123456" });
    expect(updateUserSchema.safeParse({ timezone: "Europe/Madrid" }).success).toBe(true);
    expect(updateUserSchema.safeParse({ timezone: "Mars/Olympus" }).success).toBe(false);
  });
});
