import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND_COLOR, layoutColor } from "@/lib/accounts/brand";
import { colorSchema } from "@/lib/accounts/update-account";

describe("brand colour", () => {
  it("applies the account colour only when the plan has brandingColors", () => {
    expect(layoutColor({ primaryColor: "#0f766e" }, new Set(["brandingColors"]))).toBe("#0f766e");
    expect(layoutColor({ primaryColor: "#0f766e" }, new Set())).toBe(DEFAULT_BRAND_COLOR);
    expect(layoutColor({}, new Set(["brandingColors"]))).toBe(DEFAULT_BRAND_COLOR);
    expect(layoutColor({ primaryColor: "red; background:url(x)" }, new Set(["brandingColors"]))).toBe(DEFAULT_BRAND_COLOR);
  });

  it("accepts only hex colours", () => {
    expect(colorSchema.safeParse("#abc").success).toBe(true);
    expect(colorSchema.safeParse("#A1B2C3").success).toBe(true);
    expect(colorSchema.safeParse("violet").success).toBe(false);
    expect(colorSchema.safeParse("#12345").success).toBe(false);
  });
});
