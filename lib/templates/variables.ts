import { z } from "zod";
import { AppError, AppErrorCode, type FieldProblem } from "@/lib/errors/app-error";
import { DEFAULT_CURRENCY, formatCurrency, formatNumber, formatPercent, intlLocale } from "@/lib/i18n/format";
import { matchLocale, type Locale } from "@/lib/i18n/locales";
import { isValidPhone } from "@/lib/users/phone";
import { fieldProblem, type FieldProblemCode } from "./field-problems";
import { evaluateFormula, FORMULA_REASONS, FormulaError, formulaReferences, type FormulaReason } from "./formula";
import {
  IDENTITY_TYPES,
  isEmptyValue,
  parseAddress,
  parseDataMap,
  parseGeo,
  parseIdentity,
  parseMatrix,
  STRUCTURED_LIMITS,
  type AddressValue,
  type DataMapEntry,
  type GeoValue,
  type Parsed,
} from "./structured-values";
import { CURRENCY_FORMATS, FIELD_NAME, ISO_DATE, VARIABLE_LIMITS as LIMITS, VARIABLE_TYPES, type VariableType } from "./variable-types";

const isoDate = z.string().regex(ISO_DATE);

/** What an upload field holds once its file is kept with the document. */
export type UploadValue = { name: string; mimetype: string; size: number };

const isUploadValue = (value: unknown): value is UploadValue =>
  !!value &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  typeof (value as UploadValue).name === "string" &&
  typeof (value as UploadValue).mimetype === "string" &&
  typeof (value as UploadValue).size === "number";

export const variableOptionsSchema = z
  .object({
    dateFormat: z.string().trim().max(LIMITS.dateFormat).optional(),
    dateMin: isoDate.optional(),
    dateMax: isoDate.optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .optional(),
    currencyFormat: z.enum(CURRENCY_FORMATS).optional(),
    trueLabel: z.string().max(LIMITS.booleanLabel).optional(),
    falseLabel: z.string().max(LIMITS.booleanLabel).optional(),
    formula: z.string().max(LIMITS.formula).optional(),
    helpText: z.string().max(LIMITS.helpText).optional(),
    placeholder: z.string().max(LIMITS.placeholder).optional(),
    /** The choices of dropdown, radio and list fields. */
    choices: z.array(z.string().trim().min(1).max(LIMITS.choice)).max(LIMITS.choices).optional(),
    /** Retention: the value is kept this many days after the document is created (0–36,500), then anonymized. */
    anonymizedAt: z.number().int().min(0).max(LIMITS.anonymizedAt).optional(),
    /** The name shown in forms instead of the field's raw name; the message is the code of its text (errors.fields.variableName). */
    variableName: z.string().trim().regex(FIELD_NAME, "variableName").optional(),
    /** A matrix field's column headers, in order. */
    columns: z.array(z.string().trim().min(1).max(STRUCTURED_LIMITS.columnName)).max(STRUCTURED_LIMITS.matrixColumns).optional(),
    /** The kind of document an identity field asks for. */
    identityType: z.enum(IDENTITY_TYPES).optional(),
  })
  .strict();

export const variableSchema = z
  .object({
    /** The field's name in the file, e.g. `client` for [client]. */
    name: z.string().trim().min(1).max(LIMITS.name),
    label: z.string().trim().max(LIMITS.label).optional(),
    type: z.enum(VARIABLE_TYPES).default("text"),
    required: z.boolean().default(false),
    deprecated: z.boolean().default(false),
    options: variableOptionsSchema.default({}),
  })
  .strict();
export type Variable = z.infer<typeof variableSchema>;
export const variablesSchema = z.array(variableSchema).max(LIMITS.variables);

/** A new field's definition: text, required, labelled by its name. */
export const defaultVariable = (name: string, type: VariableType = "text"): Variable => ({
  name,
  type,
  required: true,
  deprecated: false,
  options: {},
});

/** FORMULA_INVALID for the formula of `name`: the reason as a code (details.reason) and in English ({reason}). */
const formulaError = (name: string, reason: FormulaReason, params: Record<string, string> = {}) => {
  const text = FORMULA_REASONS[reason](params);
  return new AppError(AppErrorCode.FORMULA_INVALID, {
    message: `The formula of "${name}" is not valid: ${text}`,
    params: { name, reason: text },
    details: { field: name, reason: { code: reason, params } },
  });
};
const fromFormulaError = (name: string, error: FormulaError) => formulaError(name, error.reason, error.params);

/**
 * Checks a template's definitions together: names unique, choices for choice fields, date
 * bounds in order, and every formula parses and refers only to other numeric fields.
 */
export function assertValidVariables(variables: Variable[]): void {
  const byName = new Map(variables.map((v) => [v.name, v]));
  if (byName.size !== variables.length) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Two fields have the same name.", params: { fields: "variables.name" } });
  }
  for (const variable of variables) {
    const { options } = variable;
    if (["dropdown", "radio"].includes(variable.type) && !options.choices?.length) {
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: `"${variable.name}" needs at least one choice.`,
        params: { fields: `${variable.name}.choices` },
      });
    }
    if (variable.type === "matrix") {
      const columns = options.columns ?? [];
      if (!columns.length)
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: `"${variable.name}" needs at least one column.`,
          params: { fields: `${variable.name}.columns` },
        });
      if (new Set(columns.map((c) => c.toLowerCase())).size !== columns.length) {
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: `"${variable.name}" has two columns with the same name.`,
          params: { fields: `${variable.name}.columns` },
        });
      }
    }
    if (options.dateMin && options.dateMax && options.dateMin > options.dateMax) {
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: `"${variable.name}": the earliest date is after the latest.`,
        params: { fields: `${variable.name}.dateMin` },
      });
    }
    if (variable.type !== "formula") continue;
    if (!options.formula) throw formulaError(variable.name, "empty");
    let refs: string[];
    try {
      refs = formulaReferences(options.formula);
    } catch (error) {
      throw error instanceof FormulaError ? fromFormulaError(variable.name, error) : formulaError(variable.name, "doesNotParse");
    }
    for (const ref of refs) {
      const target = byName.get(ref);
      if (!target) throw formulaError(variable.name, "unknownField", { field: ref });
      if (ref === variable.name) throw formulaError(variable.name, "selfReference");
      if (!["number", "currency", "percentage", "formula"].includes(target.type))
        throw formulaError(variable.name, "notNumberField", { field: ref });
    }
  }
  // Formulas over formulas must not loop.
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (visiting.has(name)) throw formulaError(name, "loop");
    const variable = byName.get(name);
    if (variable?.type !== "formula" || !variable.options.formula) return;
    visiting.add(name);
    formulaReferences(variable.options.formula).forEach(visit);
    visiting.delete(name);
  };
  variables.forEach((v) => visit(v.name));
}

/** Field definitions kept across a re-detection: known names keep their settings, new ones start as text. */
export function mergeDetected(detected: string[], previous: Variable[]): Variable[] {
  const known = new Map(previous.map((v) => [v.name, v]));
  return detected.map((name) => known.get(name) ?? defaultVariable(name));
}

/** A value as a client sends it: text, numbers, lists, or the objects and rows of the structured types. */
export type RawValue = string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

/** The longest text a field takes. */
const MAX_TEXT = 10_000;

export { fieldProblem, type FieldProblemCode } from "./field-problems";

/** A value as stored with the document: the typed value, or the structured types' normalized objects and rows. */
export type FilledValue = string | number | boolean | string[] | null | AddressValue | GeoValue | DataMapEntry[] | string[][] | UploadValue;
export type FilledValues = { values: Record<string, FilledValue>; text: Record<string, string> };

/** The values a PDF form can take as typed (ticks, choices): structured ones fill it by their text. */
export type ScalarValue = string | number | boolean | string[] | null;
export const scalarValues = (values: FilledValues["values"]): Record<string, ScalarValue> =>
  Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, ScalarValue] =>
        entry[1] === null ||
        typeof entry[1] !== "object" ||
        (Array.isArray(entry[1]) && entry[1].every((item) => typeof item === "string")),
    ),
  );

/** Dates by pattern: YYYY, YY, MMMM (month name), MM, M, DD, D. Without one, the locale's long date. */
export function formatDateValue(iso: string, locale: Locale, pattern?: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!pattern) return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(date);
  const monthName = new Intl.DateTimeFormat(intlLocale(locale), { month: "long", timeZone: "UTC" }).format(date);
  const pad = (n: number) => String(n).padStart(2, "0");
  return pattern.replace(
    /YYYY|YY|MMMM|MM|M|DD|D/g,
    (token) =>
      ({ YYYY: String(year), YY: String(year).slice(-2), MMMM: monthName, MM: pad(month), M: String(month), DD: pad(day), D: String(day) })[
        token
      ] as string,
  );
}

function toNumber(raw: RawValue): number | null {
  if (raw === null || raw === undefined || raw === "") return null;
  const value = typeof raw === "number" ? raw : Number(String(raw).trim().replace(/\s/g, ""));
  return Number.isFinite(value) ? value : Number.NaN;
}

const isDateString = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * Checks the values a person filled in against each field's type and options, computes the
 * formulas, and returns the stored values plus the text each field gets in the file (dates,
 * money and percentages in the template's language). VALIDATION_FAILED lists every field that
 * breaks its type in `details.fields` ({ path: the field's name, code, params, message }), so a
 * form can show them all at once; the message is translated where the error is rendered.
 * Upload fields take an UploadValue the service made from a checked file (never the client's
 * word for it); `problems` found with the files are reported with the others.
 */
export function fillValues(
  variables: Variable[],
  raw: Record<string, RawValue>,
  options: { language?: string | null; currency?: string | null; problems?: FieldProblem[] } = {},
): FilledValues {
  const locale = matchLocale(options.language) ?? "en";
  const values: FilledValues["values"] = {};
  const text: Record<string, string> = {};
  const problems: FieldProblem[] = [...(options.problems ?? [])];
  const problemFields = new Set(problems.map((p) => p.path));
  const problem = (variable: Variable, code: FieldProblemCode, params?: Record<string, string | number>) =>
    problems.push(fieldProblem(variable.name, code, params));
  const numbers = new Map<string, number>();

  for (const variable of variables) {
    if (variable.type === "formula" || variable.deprecated || problemFields.has(variable.name)) continue;
    const value = Object.hasOwn(raw, variable.name) ? raw[variable.name] : undefined;
    if (isEmptyValue(value)) {
      if (variable.required && variable.type !== "checkbox") problem(variable, "required");
      values[variable.name] = variable.type === "checkbox" ? false : null;
      text[variable.name] = variable.type === "checkbox" ? (variable.options.falseLabel ?? "No") : "";
      continue;
    }
    const structured = (parsed: Parsed<FilledValue>) => {
      if (parsed.ok) [values[variable.name], text[variable.name]] = [parsed.value, parsed.text];
      else parsed.problems.forEach((p) => problem(variable, p.code, p.params));
    };
    switch (variable.type) {
      case "address":
        structured(parseAddress(value, locale));
        continue;
      case "geo":
        structured(parseGeo(value));
        continue;
      case "object":
        structured(parseDataMap(value));
        continue;
      case "matrix":
        structured(parseMatrix(value, variable.options.columns));
        continue;
      case "identity":
        structured(parseIdentity(value));
        continue;
      case "attachment":
      case "file":
      case "image":
        // The picture itself goes in the file; the others write the file's name.
        if (isUploadValue(value))
          [values[variable.name], text[variable.name]] = [
            { name: value.name, mimetype: value.mimetype, size: value.size },
            variable.type === "image" ? "" : value.name,
          ];
        else problem(variable, "invalid");
        continue;
    }
    if (typeof value === "object" && value !== null && !(variable.type === "list" && Array.isArray(value))) {
      // Any other type takes text, numbers or (lists) a list: an object has no meaning there.
      problem(
        variable,
        variable.type === "number" || variable.type === "currency" || variable.type === "percentage" ? "number" : "invalid",
      );
      continue;
    }
    const str = Array.isArray(value) ? "" : String(value).trim();
    switch (variable.type) {
      case "number":
      case "currency":
      case "percentage": {
        const n = toNumber(value as RawValue);
        if (n === null || Number.isNaN(n)) {
          problem(variable, "number");
          break;
        }
        numbers.set(variable.name, n);
        values[variable.name] = n;
        if (variable.type === "number") text[variable.name] = formatNumber(locale, n);
        else if (variable.type === "percentage") text[variable.name] = formatPercent(locale, n / 100);
        else {
          const currency = (variable.options.currency ?? options.currency ?? DEFAULT_CURRENCY[locale]).toUpperCase();
          text[variable.name] = formatCurrency(locale, Math.round(n * 100), currency, variable.options.currencyFormat);
        }
        break;
      }
      case "date": {
        if (!isDateString(str)) {
          problem(variable, "date");
          break;
        }
        if (variable.options.dateMin && str < variable.options.dateMin) problem(variable, "minDate", { min: variable.options.dateMin });
        else if (variable.options.dateMax && str > variable.options.dateMax)
          problem(variable, "maxDate", { max: variable.options.dateMax });
        else {
          values[variable.name] = str;
          text[variable.name] = formatDateValue(str, locale, variable.options.dateFormat);
        }
        break;
      }
      case "checkbox": {
        const on = value === true || str === "true" || str === "on" || str === "1";
        values[variable.name] = on;
        text[variable.name] = on ? (variable.options.trueLabel ?? "Yes") : (variable.options.falseLabel ?? "No");
        break;
      }
      case "email":
        if (!z.email().safeParse(str).success) problem(variable, "email");
        else [values[variable.name], text[variable.name]] = [str, str];
        break;
      case "url": {
        const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(str) ? str : `https://${str}`;
        let ok = false;
        try {
          const url = new URL(withScheme);
          ok = (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
        } catch {}
        if (!ok) problem(variable, "url");
        else [values[variable.name], text[variable.name]] = [withScheme, withScheme];
        break;
      }
      case "phone": {
        const phone = str.replace(/[\s().-]/g, "");
        if (!isValidPhone(phone)) problem(variable, "phone");
        else [values[variable.name], text[variable.name]] = [phone, str];
        break;
      }
      case "dropdown":
      case "radio":
        if (variable.options.choices?.length && !variable.options.choices.includes(str)) problem(variable, "choice");
        else [values[variable.name], text[variable.name]] = [str, str];
        break;
      case "list": {
        const items = (Array.isArray(value) ? value : String(value).split(/\n|,/)).map((s) => String(s).trim()).filter(Boolean);
        const choices = variable.options.choices;
        if (choices?.length && items.some((item) => !choices.includes(item))) problem(variable, "choices");
        else {
          values[variable.name] = items;
          text[variable.name] = items.join(", ");
        }
        break;
      }
      case "country": {
        const code = str.toUpperCase();
        let name: string | undefined;
        try {
          name = /^[A-Z]{2}$/.test(code)
            ? new Intl.DisplayNames([intlLocale(locale)], { type: "region", fallback: "none" }).of(code)
            : undefined;
        } catch {}
        if (!name) problem(variable, "country");
        else [values[variable.name], text[variable.name]] = [code, name];
        break;
      }
      default:
        if (str.length > MAX_TEXT) problem(variable, "tooLong", { max: MAX_TEXT });
        else [values[variable.name], text[variable.name]] = [str, str];
    }
  }

  // Formulas, each computed once, over numbers and other formulas.
  const computing = new Set<string>();
  const byName = new Map(variables.map((v) => [v.name, v]));
  const numberOf = (name: string): number => {
    if (numbers.has(name)) return numbers.get(name)!;
    const variable = byName.get(name);
    if (!variable) throw formulaError(name, "unknownField", { field: name });
    if (variable.type !== "formula" || !variable.options.formula) return 0;
    if (computing.has(name)) throw formulaError(name, "loop");
    computing.add(name);
    try {
      const result = evaluateFormula(variable.options.formula, (ref) => {
        if (!byName.has(ref)) throw formulaError(variable.name, "unknownField", { field: ref });
        return numberOf(ref);
      });
      numbers.set(name, result);
      return result;
    } catch (error) {
      if (error instanceof FormulaError) throw fromFormulaError(variable.name, error);
      throw error;
    } finally {
      computing.delete(name);
    }
  };
  for (const variable of variables) {
    if (variable.type !== "formula" || variable.deprecated) continue;
    const result = numberOf(variable.name);
    values[variable.name] = result;
    text[variable.name] = formatNumber(locale, result);
  }

  if (problems.length) {
    const names = problems.map((p) => p.path).join(", ");
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: `Some fields are not valid: ${names}`,
      params: { fields: names },
      details: { fields: problems },
    });
  }
  return { values, text };
}

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
