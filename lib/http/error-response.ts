import { isConnectionLost } from "@/lib/database/connection-lost";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { getTranslator } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";

/** The JSON body of every failed REST call: { error: { code, type, message, details? } }. */
export type ErrorBody = { error: { code: string; type: string; message: string; details?: Record<string, unknown> } };

/** Seconds a caller is asked to wait when the database is away for a moment. */
const DATABASE_RETRY_SECONDS = 2;

/**
 * Unique violations from Prisma become CONFLICT; a database that cannot be reached or dropped the
 * connection DATABASE_UNAVAILABLE (503 with Retry-After: try again in a moment); everything else
 * unexpected is INTERNAL (and logged).
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error && typeof error === "object" && "code" in error && (error as { code: unknown }).code === "P2002") {
    return new AppError(AppErrorCode.CONFLICT, { message: "This already exists." });
  }
  if (isConnectionLost(error)) {
    console.error(`[db] a request met a lost database connection: ${(error as Error).message?.split("\n").at(-1)}`);
    return new AppError(AppErrorCode.DATABASE_UNAVAILABLE, {
      message: "The service lost its connection to the database for a moment. Try again in a few seconds.",
      details: { retryAt: new Date(Date.now() + DATABASE_RETRY_SECONDS * 1000).toISOString() },
    });
  }
  console.error(error);
  return new AppError(AppErrorCode.INTERNAL, { message: "Something went wrong." });
}

/**
 * The error's text in the caller's language: the text of its reason when it has one
 * (`errors.because.<CODE>.<reason>`: a CONFLICT refusing to sign says why, not "This already
 * exists"), else errors.<CODE>, else its English message.
 */
export function localizedMessage(error: AppError, locale: Locale): string {
  const t = getTranslator(locale);
  const reason = error.details.reason;
  const because = (typeof reason === "string" ? `errors.because.${error.code}.${reason}` : "") as Parameters<typeof t>[0];
  if (because && t.has(because)) return t(because, error.params as never);
  const key = `errors.${error.code}` as Parameters<typeof t>[0];
  return t.has(key) ? t(key, error.params as never) : error.message;
}

export function errorBody(error: AppError, locale: Locale): ErrorBody {
  const details = Object.keys(error.details).length ? error.details : undefined;
  return { error: { code: error.code, type: error.type, message: localizedMessage(error, locale), details } };
}

/**
 * Seconds until a refused caller may try again, from `details.retryAt` (TOO_MANY_ATTEMPTS), as
 * the Retry-After header and GraphQL's `retryAfter` give it; null when the error sets no time.
 */
export function retryAfterSeconds(error: AppError): number | null {
  const retryAt = typeof error.details.retryAt === "string" ? Date.parse(error.details.retryAt) : NaN;
  if (Number.isNaN(retryAt)) return null;
  return Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
}

export function errorResponse(error: unknown, locale: Locale): Response {
  const appError = toAppError(error);
  const retryAfter = retryAfterSeconds(appError);
  return Response.json(errorBody(appError, locale), {
    status: appError.status,
    ...(retryAfter !== null && { headers: { "Retry-After": String(retryAfter) } }),
  });
}
