import type { FieldProblem } from "@/lib/errors/app-error";

/**
 * Why a value is refused, by code (details.fields[].code); the English text is the fallback
 * message, translated as `errors.fields.<code>` where the error is rendered. Written here, not
 * read from messages/en.json: the fallback stays beside the rule that raises it.
 */
export const FIELD_PROBLEMS = {
  required: () => "This field is required.",
  number: () => "Enter a number.",
  date: () => "Enter a date (YYYY-MM-DD).",
  minDate: (p: Record<string, string | number>) => `The date must be on or after ${p.min}.`,
  maxDate: (p: Record<string, string | number>) => `The date must be on or before ${p.max}.`,
  email: () => "Email isn't valid.",
  url: () => "Please enter a valid URL.",
  phone: () => "Enter an international phone number, starting with + and the country code.",
  choice: () => "Choose one of the options.",
  choices: () => "Choose among the options.",
  country: () => "Choose a country.",
  tooLong: (p: Record<string, string | number>) => `The text is too long (${Number(p.max).toLocaleString("en")} characters at most).`,
  address: () => "Enter the address as its parts: street, city, postal code and country.",
  addressPart: (p: Record<string, string | number>) =>
    (
      ({
        line1: "Fill in the street and number.",
        city: "Fill in the city.",
        postalCode: "Fill in the postal code.",
        country: "Choose the country.",
      }) as Record<string, string>
    )[String(p.part)] ?? "Fill in the address.",
  postalCode: () => "Enter a postal code: letters and digits, with a space or dash between groups.",
  geo: () => "Enter a latitude and a longitude in decimal degrees.",
  latitude: () => "The latitude must be between -90 and 90.",
  longitude: () => "The longitude must be between -180 and 180.",
  dataMap: () => "Give a list of keys and values.",
  keyRequired: () => "Every row needs a key.",
  duplicateKey: (p: Record<string, string | number>) => `The key “${p.key}” is used twice.`,
  tooManyRows: (p: Record<string, string | number>) => `Add ${p.max} rows at most.`,
  matrix: () => "Give the table as rows of cells.",
  matrixColumns: (p: Record<string, string | number>) => `A row has more cells than the table has columns (${p.max}).`,
  invalid: () => "This value is not valid.",
  identity: () => "Enter the document number: 3 to 40 letters, digits, spaces or dashes.",
  fileType: () => "Choose a PDF, Word (.docx), PNG, JPEG or WebP file.",
  imageType: () => "Choose a PNG or JPEG image.",
  fileTooLarge: (p: Record<string, string | number>) => `The file size exceeds the maximum allowed (${p.max}).`,
  fileCorrupt: () => "The file is damaged or cannot be read.",
  imagePixels: (p: Record<string, string | number>) => `The image is too large: at most ${p.maxWidth} × ${p.maxHeight} pixels.`,
  fileUnreadable: (p: Record<string, string | number>) =>
    (
      ({
        encrypted: "The PDF is protected with a password. Remove the protection and choose it again.",
        pages: `The PDF has more than ${p.max} pages, the most accepted.`,
        timeout: "The file took too long to open. Save it again as a new file and choose that.",
      }) as Record<string, string>
    )[String(p.reason)] ?? `The file cannot be opened: it is damaged, or it is not a readable ${p.kind} file.`,
} satisfies Record<string, (params: Record<string, string | number>) => string>;
export type FieldProblemCode = keyof typeof FIELD_PROBLEMS;

/** A problem of the field `path`, with its English text (translated where the error is rendered). */
export const fieldProblem = (path: string, code: FieldProblemCode, params?: Record<string, string | number>): FieldProblem => ({
  path,
  code,
  ...(params ? { params } : {}),
  message: FIELD_PROBLEMS[code](params ?? {}),
});
