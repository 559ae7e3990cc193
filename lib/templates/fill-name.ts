/** Fills the variable fields of a document name with the values' text. */

const NAME_PATTERNS: Record<string, RegExp> = {
  dollar: /\$\{\s*([^}]+?)\s*\}/g,
  doubleBrace: /\{\{\s*([^}]+?)\s*\}\}/g,
  brace: /\{\s*([^}]+?)\s*\}/g,
  bracket: /\[\s*([^\]]+?)\s*\]/g,
};

/**
 * A PDF form's fields have no delimiter in the file, so its name may use any format: one pass
 * over all of them (${x} and {{x}} before {x}), replacing only names of fields.
 */
const ANY_NAME_PATTERN = new RegExp(
  [NAME_PATTERNS.dollar, NAME_PATTERNS.doubleBrace, NAME_PATTERNS.bracket, NAME_PATTERNS.brace].map((p) => p.source).join("|"),
  "g",
);

/** Fills the variable fields of a name ("NDA [client]") with the values' text; unknown or empty fields stay as written. */
export function fillName(name: string, format: string | null, text: Record<string, string>): string {
  if (!format) return name;
  const pattern = format === "pdfForm" ? ANY_NAME_PATTERN : NAME_PATTERNS[format];
  if (!pattern) return name;
  return name
    .replace(pattern, (match, ...groups: unknown[]) => {
      const key = groups.find((group): group is string => typeof group === "string");
      return (key !== undefined && Object.hasOwn(text, key) && text[key]) || match;
    })
    .trim();
}
