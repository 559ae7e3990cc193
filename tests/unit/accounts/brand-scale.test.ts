import { describe, expect, it } from "vitest";
import { BRAND_SHADES, brandScale, brandScaleVariables, parseHexColor } from "@/lib/accounts/brand-scale";

const luminance = (hex: string) => {
  const [r, g, b] = parseHexColor(hex)!;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe("brandScale", () => {
  it("keeps the primary colour as the 600 shade", () => {
    expect(brandScale("#0EA5E9")?.[600]).toBe("#0ea5e9");
    expect(brandScale("#f00")?.[600]).toBe("#ff0000");
  });

  it("goes from nearly white to dark, each shade darker than the one before", () => {
    const scale = brandScale("#7c3aed")!;
    const values = BRAND_SHADES.map((shade) => luminance(scale[shade]));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]);
    expect(luminance(scale[50])).toBeGreaterThan(235);
    expect(luminance(scale[900])).toBeLessThan(luminance("#7c3aed") * 0.6);
  });

  it("keeps the hue: a pure red stays red", () => {
    const scale = brandScale("#ff0000")!;
    expect(scale[50]).toMatch(/^#ff[0-9a-f]{4}$/);
    const [r, g, b] = parseHexColor(scale[900])!;
    expect(g).toBe(0);
    expect(b).toBe(0);
    expect(r).toBeGreaterThan(0);
  });

  it("refuses what is not a hex colour", () => {
    expect(brandScale("red")).toBeNull();
    expect(brandScale("#12345")).toBeNull();
    expect(brandScale("url(javascript:x)")).toBeNull();
    expect(brandScaleVariables("nope")).toEqual({});
  });

  it("gives one CSS variable per shade", () => {
    const vars = brandScaleVariables("#14b8a6");
    expect(Object.keys(vars)).toEqual(BRAND_SHADES.map((s) => `--color-brand-${s}`));
    expect(vars["--color-brand-600"]).toBe("#14b8a6");
  });
});
