import { GraphQLError } from "graphql";
import { AppError, AppErrorCode, isAppError, type FieldProblem } from "@/lib/errors/app-error";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import { localizedMessage, retryAfterSeconds, toAppError } from "@/lib/http/error-response";
import type { Locale } from "@/lib/i18n/locales";

/** GraphQL's usual code for input the server refuses (the name Apollo Server and most clients use). */
export const BAD_USER_INPUT = "BAD_USER_INPUT";

/**
 * Whether an AppError is bad input, answered with `code: BAD_USER_INPUT` and our code as
 * `reason`: every error of type "validation" (VALIDATION_FAILED, MISSING_PARAMETER,
 * MALFORMED_JSON, PAYLOAD_TOO_LARGE, the file and token refusals…) except QUERY_TOO_COMPLEX.
 * A query over one of the API's limits is not a value the caller typed but the shape of the
 * query (or the time it took), with no field to point at: it keeps its own code (docs/api.md, "Errors").
 */
export const isBadUserInput = (error: AppError): boolean => error.type === "validation" && error.code !== AppErrorCode.QUERY_TOO_COMPLEX;

/** Our code in a GraphQL error's extensions: `reason` for bad input, else `code`. */
export function appErrorCodeOf(error: { extensions?: Record<string, unknown> }): string | undefined {
  const { code, reason } = error.extensions ?? {};
  if (typeof reason === "string" && code === BAD_USER_INPUT) return reason;
  return typeof code === "string" ? code : undefined;
}

const isFieldProblem = (value: unknown): value is FieldProblem =>
  !!value &&
  typeof value === "object" &&
  typeof (value as FieldProblem).path === "string" &&
  typeof (value as FieldProblem).code === "string";

/** The per-field problems of `details.fields` as GraphQL clients read them: path, code and translated message. */
function fieldsOf(error: AppError): { path: string; code: string; message: string }[] {
  const fields = Array.isArray(error.details.fields) ? error.details.fields.filter(isFieldProblem) : [];
  return fields.map(({ path, code, message }) => ({ path, code, message }));
}

/**
 * An AppError as a GraphQL error (spec section 8; issue 14). The extensions carry `type` and the
 * translated `message` (also the error's message), `details` as REST gives them, and the code:
 * - bad input (`isBadUserInput`): `code: "BAD_USER_INPUT"`, `reason` our code (VALIDATION_FAILED,
 *   MISSING_PARAMETER…) and `fields: [{ path, code, message }]` when fields are named, the paths
 *   and messages of REST's `details.fields`;
 * - anything else: `code` our code.
 * An error that says when to try again (`details.retryAt`) adds `retryAfter` (seconds); a
 * TOO_MANY_ATTEMPTS or TOO_MANY_REQUESTS refusal answers as REST does too: status 429 with a Retry-After header.
 */
export function toGraphQLError(appError: AppError, locale: Locale, path?: readonly (string | number)[]): GraphQLError {
  const error = localizeAppError(appError, locale);
  const message = localizedMessage(error, locale);
  const badInput = isBadUserInput(error);
  const fields = badInput ? fieldsOf(error) : [];
  const retryAfter = retryAfterSeconds(error);
  return new GraphQLError(message, {
    path,
    extensions: {
      code: badInput ? BAD_USER_INPUT : error.code,
      ...(badInput ? { reason: error.code } : {}),
      type: error.type,
      message,
      ...(fields.length ? { fields } : {}),
      ...(Object.keys(error.details).length ? { details: error.details } : {}),
      ...(retryAfter !== null ? { retryAfter } : {}),
      http:
        error.status === 429 && retryAfter !== null
          ? { status: 429, headers: { "Retry-After": String(retryAfter) } }
          : { status: error.code === AppErrorCode.CSRF_INVALID ? 403 : 200 },
    },
  });
}

/**
 * Yoga's error mask: expected failures (AppError) keep their code and translated message;
 * GraphQL's own validation errors pass; anything else is logged and masked. Checked by shape,
 * not class: GraphQL's module can be loaded twice (ESM and CommonJS builds).
 */
export function maskError(error: unknown, locale: Locale, path?: readonly (string | number)[]): Error {
  const wrapper = error as { originalError?: unknown; path?: readonly (string | number)[] } | null;
  if (wrapper?.originalError) return maskError(wrapper.originalError, locale, wrapper.path ?? path);
  if (!isAppError(error) && error instanceof Error && error.name === "GraphQLError") return error;
  return toGraphQLError(toAppError(error), locale, path);
}
