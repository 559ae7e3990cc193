import { GraphQLError } from "graphql";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { localizedMessage, toAppError } from "@/lib/http/error-response";
import type { Locale } from "@/lib/i18n/locales";

/** An AppError as a GraphQL error whose extensions carry code, type and message (spec section 8). */
export function toGraphQLError(error: AppError, locale: Locale): GraphQLError {
  const message = localizedMessage(error, locale);
  return new GraphQLError(message, {
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
 * GraphQL's own validation errors pass; anything else is logged and masked.
 */
export function maskError(error: unknown, locale: Locale): Error {
  if (error instanceof GraphQLError) {
    const original = error.originalError;
    if (!original) return error;
    if (original instanceof GraphQLError) return original;
    return toGraphQLError(toAppError(original), locale);
  }
  return toGraphQLError(toAppError(error), locale);
}
