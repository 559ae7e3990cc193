import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { AppError, type AppErrorCode, type FieldProblem, type ReasonDetail } from "./app-error";

/**
 * Params whose value is the key of a label in the messages: a refused transition names the
 * statuses as people see them ("Created"), not by their keys ("initial").
 */
const LABEL_PARAMS: Partial<Record<AppErrorCode, Record<string, string>>> = {
  INVALID_TRANSITION: { from: "documents.status", to: "documents.status" },
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Services keep dates in params as ISO days (machine-readable); people read them as the locale's long date. */
const readable = (locale: Locale, params: Record<string, string | number> = {}) =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === "string" && ISO_DATE.test(value) ? formatDate(locale, value, { dateStyle: "long" }, "UTC") : value,
    ]),
  );

const isFieldProblem = (value: unknown): value is FieldProblem =>
  !!value &&
  typeof value === "object" &&
  typeof (value as FieldProblem).code === "string" &&
  typeof (value as FieldProblem).path === "string";

const isReason = (value: unknown): value is ReasonDetail =>
  !!value && typeof value === "object" && typeof (value as ReasonDetail).code === "string";

/**
 * The error with what a person reads in `locale`: each `details.fields[]` message from
 * `errors.fields.<code>`, a `details.reason` from `errors.reasons.<code>` into the {reason}
 * param, and label params (statuses) by their translated labels. Codes, paths and the
 * details' params stay as they were, so clients can still act on them. Anything without a
 * translation keeps its text. REST (lib/http/route.ts) and GraphQL (lib/graphql/errors.ts)
 * call this before rendering the message.
 */
export function localizeAppError(error: AppError, locale: Locale): AppError {
  const t = getTranslator(locale);
  const has = (key: string) => t.has(key as never);
  const text = (key: string, params?: Record<string, string | number>) => t(key as never, readable(locale, params) as never) as string;

  const params = { ...error.params };
  for (const [param, namespace] of Object.entries(LABEL_PARAMS[error.code] ?? {})) {
    const key = `${namespace}.${params[param]}`;
    if (params[param] !== undefined && has(key)) params[param] = text(key);
  }
  const details = { ...error.details };
  if (isReason(details.reason) && has(`errors.reasons.${details.reason.code}`)) {
    params.reason = text(`errors.reasons.${details.reason.code}`, details.reason.params);
  }
  if (Array.isArray(details.fields)) {
    details.fields = details.fields.map((field: unknown) =>
      isFieldProblem(field) && has(`errors.fields.${field.code}`)
        ? { ...field, message: text(`errors.fields.${field.code}`, field.params) }
        : field,
    );
  }
  const localized = new AppError(error.code, { message: error.message, params, details });
  localized.stack = error.stack;
  return localized;
}
