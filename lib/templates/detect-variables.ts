import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Template variable fields (spec section 5): one of four formats, [name], {name}, {{name}} or
 * ${name}, and the same format for every field of a document. The format found also gives the
 * delimiters the generator fills the template with.
 */
export const VARIABLE_FORMATS = {
  dollar: { start: "${", end: "}", example: "${x}" },
  doubleBrace: { start: "{{", end: "}}", example: "{{x}}" },
  brace: { start: "{", end: "}", example: "{x}" },
  bracket: { start: "[", end: "]", example: "[x]" },
} as const;
export type VariableFormat = keyof typeof VARIABLE_FORMATS;

// A name: starts with a letter or digit; letters (any script), digits, spaces, _ . - inside.
const NAME = "([\\p{L}\\p{N}][\\p{L}\\p{N} _.\\-]{0,99})";
// Checked in this order, each masking what it matched so {{x}} is not also read as {x}.
const PATTERNS: [VariableFormat, RegExp][] = [
  ["dollar", new RegExp(`\\$\\{\\s*${NAME}\\s*\\}`, "gu")],
  ["doubleBrace", new RegExp(`\\{\\{\\s*${NAME}\\s*\\}\\}`, "gu")],
  ["brace", new RegExp(`\\{\\s*${NAME}\\s*\\}`, "gu")],
  ["bracket", new RegExp(`\\[\\s*${NAME}\\s*\\]`, "gu")],
];

export type DetectedVariables = { format: VariableFormat | null; variables: string[] };

/**
 * The variables of a template's text, in order of first appearance, without duplicates.
 * Throws MIXED_VARIABLE_FORMATS naming the formats found when more than one is used.
 */
export function detectVariables(text: string): DetectedVariables {
  let rest = text;
  const found = new Map<VariableFormat, string[]>();
  for (const [format, pattern] of PATTERNS) {
    rest = rest.replace(pattern, (match, name: string) => {
      const names = found.get(format) ?? [];
      names.push(name.trim());
      found.set(format, names);
      return " ".repeat(match.length);
    });
  }
  if (found.size > 1) {
    const formats = [...found.keys()].map((f) => VARIABLE_FORMATS[f].example).join(", ");
    throw new AppError(AppErrorCode.MIXED_VARIABLE_FORMATS, {
      message: `The template mixes variable formats (${formats}): use one format for every field.`,
      params: { formats },
    });
  }
  const [entry] = [...found.entries()];
  if (!entry) return { format: null, variables: [] };
  return { format: entry[0], variables: [...new Set(entry[1])] };
}
