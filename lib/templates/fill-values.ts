/** Checks the values filled in against the fields' types and options, computes formulas, and gives each field's text. */

import { z } from "zod";
import { AppError, AppErrorCode, type FieldProblem } from "@/lib/errors/app-error";
import { DEFAULT_CURRENCY, formatCurrency, formatNumber, formatPercent, intlLocale } from "@/lib/i18n/format";
import { matchLocale } from "@/lib/i18n/locales";
import { isCalendarDay } from "@/lib/text/calendar-dates";
import { isValidPhone } from "@/lib/users/phone";
import { fieldProblem, type FieldProblemCode } from "./field-problems";
import type { FilledValue, FilledValues, RawValue, UploadValue } from "./filled-values";
import { evaluateFormula, FormulaError } from "./formula";
import { formulaError, fromFormulaError } from "./formula-error";
import { formatDateValue } from "./format-date-value";
import { isEmptyValue, parseAddress, parseDataMap, parseGeo, parseIdentity, parseMatrix, type Parsed } from "./structured-values";
import type { Variable } from "./variable-schema";

const isUploadValue = (value: unknown): value is UploadValue =>
  !!value &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  typeof (value as UploadValue).name === "string" &&
  typeof (value as UploadValue).mimetype === "string" &&
  typeof (value as UploadValue).size === "number";

/** The longest text a field takes. */
const MAX_TEXT = 10_000;

function toNumber(raw: RawValue): number | null {
  if (raw === null || raw === undefined || raw === "") return null;
  const value = typeof raw === "number" ? raw : Number(String(raw).trim().replace(/\s/g, ""));
  return Number.isFinite(value) ? value : Number.NaN;
}

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
        if (!isCalendarDay(str)) {
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
