import { describe, expect, it } from "vitest";
import { passwordStrength } from "@/lib/sign-in/password-strength";
import { passwordSchema } from "@/lib/sign-in/schemas";

describe("password rules", () => {
  it.each([
    ["short1A", false],
    ["alllowercase1", false],
    ["ALLUPPERCASE1", false],
    ["NoDigitsHere", false],
    ["Valid-pass1", true],
    ["Abcdefg1", true],
  ])("%s valid: %s", (password, valid) => {
    expect(passwordSchema.safeParse(password).success).toBe(valid);
  });

  it("rates weak, medium and strong", () => {
    expect(passwordStrength("abc")).toBe("weak");
    expect(passwordStrength("abcdefgh")).toBe("weak");
    expect(passwordStrength("Abcdefg1")).toBe("medium");
    expect(passwordStrength("Abcdefgh1234!")).toBe("strong");
  });
});
