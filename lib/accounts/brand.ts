/** The product's own colours (spec: default violet with a teal accent). */
export const DEFAULT_BRAND_COLOR = "#7c3aed";
export const DEFAULT_ACCENT_COLOR = "#14b8a6";

/**
 * The colour the layout uses: the account's primary colour when its plan includes
 * brandingColors, else the default.
 */
export function layoutColor(brand: unknown, capabilities: ReadonlySet<string>): string {
  const color = (brand as { primaryColor?: unknown } | null)?.primaryColor;
  return capabilities.has("brandingColors") && typeof color === "string" && /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(color)
    ? color
    : DEFAULT_BRAND_COLOR;
}
