/**
 * The brand colour scale (Tailwind's 50..900 shades) derived from one primary colour, which becomes
 * the 600 shade (the one buttons use). Lighter shades mix it with white and darker ones with
 * black, in sRGB: simple, predictable, and close enough to a designed palette for tints,
 * borders and hover states.
 */
export const BRAND_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type BrandShade = (typeof BRAND_SHADES)[number];

/** How much white (positive) or black (negative) each shade mixes into the primary colour. */
const MIX: Record<BrandShade, number> = {
  50: 0.92,
  100: 0.84,
  200: 0.68,
  300: 0.5,
  400: 0.3,
  500: 0.14,
  600: 0,
  700: -0.16,
  800: -0.32,
  900: -0.48,
};

const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** `#rgb` or `#rrggbb` as [r, g, b] in 0..255; null for anything else. */
export function parseHexColor(color: string): [number, number, number] | null {
  if (!HEX.test(color)) return null;
  const hex = color.length === 4 ? color.slice(1).replace(/./g, (c) => c + c) : color.slice(1);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** The full scale for `primary` (a hex colour), or null when it is not one. */
export function brandScale(primary: string): Record<BrandShade, string> | null {
  const rgb = parseHexColor(primary);
  if (!rgb) return null;
  const scale = {} as Record<BrandShade, string>;
  for (const shade of BRAND_SHADES) {
    const amount = MIX[shade];
    const target = amount >= 0 ? 255 : 0;
    const weight = Math.abs(amount);
    scale[shade] = toHex(rgb.map((v) => v + (target - v) * weight));
  }
  return scale;
}

/** The CSS custom properties that override the theme's brand colours (`--color-brand-50`...). */
export function brandScaleVariables(primary: string): Record<string, string> {
  const scale = brandScale(primary);
  if (!scale) return {};
  return Object.fromEntries(BRAND_SHADES.map((shade) => [`--color-brand-${shade}`, scale[shade]]));
}
