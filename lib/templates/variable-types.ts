/**
 * The plain rules of template fields: their types, formats and limits. No zod and no server
 * imports: the template editor and the create form (client components) load this file, and
 * variables.ts builds its schemas on the same constants, so the rules live here once.
 */

/** The variable types of spec section 3. */
export const VARIABLE_TYPES = [
  "address",
  "attachment",
  "checkbox",
  "country",
  "currency",
  "date",
  "dropdown",
  "email",
  "file",
  "formula",
  "geo",
  "identity",
  "image",
  "list",
  "matrix",
  "number",
  "object",
  "percentage",
  "phone",
  "radio",
  "text",
  "url",
] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** How a currency field names its currency in the file (Intl currencyDisplay): €, EUR or euros. */
export const CURRENCY_FORMATS = ["symbol", "code", "name"] as const;
export type CurrencyFormat = (typeof CURRENCY_FORMATS)[number];

/**
 * Types whose value is a file given with the form: kept with the document as an attachment
 * (lib/documents/attachments.ts), its name written in the file, or (image) the picture itself.
 */
export const UPLOAD_TYPES: readonly VariableType[] = ["attachment", "file", "image"];

/** Types whose form input is a group of inputs (a fieldset), not one control. */
export const STRUCTURED_TYPES: readonly VariableType[] = ["address", "geo", "matrix", "object"];

/** The longest texts and largest numbers of a field's definition (variableSchema and the editor's inputs). */
export const VARIABLE_LIMITS = {
  name: 100,
  label: 200,
  dateFormat: 40,
  /** A currency is its ISO 4217 code. */
  currency: 3,
  booleanLabel: 60,
  formula: 500,
  helpText: 500,
  placeholder: 200,
  choice: 200,
  choices: 200,
  /** Days a value is kept before it is anonymized: 100 years at most. */
  anonymizedAt: 36_500,
  /** Fields of one template. */
  variables: 500,
} as const;

/**
 * The name rule of template fields (detect-variables.ts) and data-store variables, as the source
 * of a pattern (the editor's `pattern` attribute takes it as is): a letter or digit first, then
 * letters, digits, spaces, _ . - (100 characters at most). Written so it also compiles with the
 * `v` flag browsers use for `pattern` (hence the escaped dash).
 */
export const FIELD_NAME_PATTERN = "[\\p{L}\\p{N}][\\p{L}\\p{N} _.\\-]{0,99}";
/** The same rule as a whole-string expression (schemas check names with it). */
export const FIELD_NAME = new RegExp(`^${FIELD_NAME_PATTERN}$`, "u");
