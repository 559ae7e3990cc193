import type { z } from "zod";
import { getTranslator } from "@/lib/i18n/messages";
import type { FieldProblem } from "./app-error";
import { clip } from "@/lib/text/clip";

type Params = Record<string, string | number>;

/**
 * Custom messages some schemas still write as English sentences, with the code of their text
 * under `errors.fields`. New schemas should give the code itself as the message
 * (`.refine(isTimeZone, { message: "timezone" })`); a sentence not listed here gets the
 * generic text of its zod code.
 */
const SENTENCE_CODES: Readonly<Record<string, string>> = {
  "Two variables have the same name.": "duplicateName",
  "Use letters, digits, spaces and _ . - (100 characters at most).": "variableName",
  "Enter an email address or a domain such as acme.com.": "emailOrDomain",
  "Give the membership id or the person's email.": "idOrEmail",
  "Name either a document or a template.": "documentOrTemplate",
  "Metadata is too large.": "metadataTooLarge",
};

const english = getTranslator("en");
const hasText = (code: string) => english.has(`errors.fields.${code}` as never);

/** A message that is itself the code of a text (`{ message: "timezone" }`), or a known sentence. */
function customCode(message: string): string | null {
  if (/^[A-Za-z][A-Za-z_]*$/.test(message) && hasText(message)) return message;
  const code = SENTENCE_CODES[message];
  return code && hasText(code) ? code : null;
}

const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (value, key) => (value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    data,
  );

/** zod reports int and bigint bounds separately; people read them as numbers. */
const origin = (value: string) => (value === "int" || value === "bigint" ? "number" : value);

/** Dates as ISO days (lib/errors/localize-app-error.ts shows them as the locale's long date). */
const bound = (value: number | bigint, kind: string): string | number =>
  kind === "date" ? new Date(Number(value)).toISOString().slice(0, 10) : Number(value);

/** A value the client sent, as a param (a refused enum value is worth naming back); long text is cut. */
const received = (value: unknown): Params =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? { received: clip(String(value), 100) } : {};

/** The stable code and params of one issue; unknown keys are split by the caller. */
function codeOf(issue: z.core.$ZodIssue, value: unknown): { code: string; params?: Params } {
  switch (issue.code) {
    case "invalid_type":
      return { code: issue.code, params: { expected: issue.expected } };
    case "too_small":
    case "too_big": {
      const kind = origin(issue.origin);
      const limit: Params = issue.code === "too_small" ? { minimum: bound(issue.minimum, kind) } : { maximum: bound(issue.maximum, kind) };
      // Always present: the texts select on them (ICU needs every argument).
      return { code: issue.code, params: { origin: kind, ...limit, inclusive: issue.inclusive === false ? "false" : "true" } };
    }
    case "invalid_format": {
      const code = issue.message ? customCode(issue.message) : null;
      return code ? { code } : { code: issue.code, params: { format: issue.format } };
    }
    case "invalid_value":
      return { code: issue.code, params: { expected: issue.values.map(String).join(", "), ...received(value) } };
    case "not_multiple_of":
      return { code: issue.code, params: { divisor: Number(issue.divisor) } };
    case "custom":
      return { code: (issue.message && customCode(issue.message)) || "custom" };
    default:
      // invalid_union, invalid_key, invalid_element: nothing more precise to say.
      return { code: "invalid" };
  }
}

/**
 * zod's issues as `details.fields` of VALIDATION_FAILED: `{ path, code, params?, message }` with
 * a stable code (zod's issue code, `unknown_field` for each unrecognized key, or the code a
 * custom message names), params (minimum, maximum, expected, format, origin; for a value not
 * among the allowed ones, the `received` value out of `data`) and the English text of
 * `errors.fields.<code>`. Where the error is
 * rendered (REST and GraphQL, lib/errors/localize-app-error.ts) the message is replaced by the
 * text in the caller's language; zod's own English never reaches a screen.
 */
export function zodFieldProblems(issues: readonly z.core.$ZodIssue[], data?: unknown): FieldProblem[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => problem([...path, key].join("."), "unknown_field"));
    }
    const { code, params } = codeOf(issue, valueAt(data, issue.path));
    return [problem(path.join("."), code, params, issue.message)];
  });
}

/** One field's problem, `code` a text of `errors.fields` (its English as the message). */
export function problem(path: string, code: string, params?: Params, fallback = ""): FieldProblem {
  const message = hasText(code) ? english(`errors.fields.${code}` as never, params as never) : fallback;
  return { path, code, ...(params ? { params } : {}), message };
}
