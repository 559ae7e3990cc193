import { GraphQLError } from "graphql";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import { localizedMessage, toAppError } from "@/lib/http/error-response";
import type { Locale } from "@/lib/i18n/locales";

/** An AppError as a GraphQL error whose extensions carry code, type and message (spec section 8). */
export function toGraphQLError(appError: AppError, locale: Locale, path?: readonly (string | number)[]): GraphQLError {
  const error = localizeAppError(appError, locale);
  const message = localizedMessage(error, locale);
  return new GraphQLError(message, {
    path,
    extensions: {
      code: error.code,
      type: error.type,
      message,
      ...(Object.keys(error.details).length ? { details: error.details } : {}),
      http: { status: error.code === AppErrorCode.CSRF_INVALID ? 403 : 200 },
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
