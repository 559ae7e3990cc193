import type { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import { buildContext, sourceFromRequest, type RequestSource } from "@/lib/auth/get-request-context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import { hasValidCsrf, needsCsrf } from "./csrf";
import { errorResponse } from "./error-response";
import { parseInput, readJsonBody } from "./parse-input";

type Handler<I> = (args: {
  ctx: ServiceContext;
  input: I;
  /** With `rawInput`: the JSON body (or the query string for GET), not validated. */
  raw: Record<string, unknown>;
  req: Request;
  params: Record<string, string>;
  src: RequestSource;
}) => Promise<unknown>;

type RouteOptions<S extends z.ZodType | undefined> = {
  /** The operation name used in error messages (e.g. "register"). */
  operation: string;
  /** Input schema, validated against the JSON body (or the query string for GET). */
  input?: S;
  /**
   * Output schema: the handler's result is serialised through it, so only its fields leave the
   * server (zod objects drop unknown keys). A result that does not fit is a server error.
   */
  output?: z.ZodType;
  /** The status of a successful JSON answer (default 200). */
  status?: number;
  /** Reads the input without validating it (`raw`): a declared operation validates it itself (lib/operations). */
  rawInput?: boolean;
  /** Adds the route's path parameters to the validated input. */
  withParams?: boolean;
  maxBytes?: number;
  /**
   * The credentials are in the JSON body (desktop sign-in, refresh token): a JSON call without
   * cookies needs no CSRF token (lib/http/csrf.ts `needsCsrf`).
   */
  credentialsInBody?: boolean;
};

const isSafeMethod = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/**
 * Wraps a route handler: builds the context, enforces CSRF on state-changing methods, reads
 * and validates input, turns the result into JSON and any error into { error } with its status
 * and a message in the request's language. Handlers stay one service call long.
 */
export function route<S extends z.ZodType | undefined = undefined>(
  options: RouteOptions<S>,
  handler: Handler<S extends z.ZodType ? z.infer<S> : Record<string, never>>,
) {
  return async (req: Request, segment?: { params?: Promise<Record<string, string>> }): Promise<Response> => {
    const src = sourceFromRequest(req);
    let ctx: ServiceContext | undefined;
    try {
      ctx = withRequestMemo(await buildContext(src), { readOnly: isSafeMethod(req.method) });
      if (!isSafeMethod(req.method) && needsCsrf(src, { credentialsInBody: options.credentialsInBody }) && !hasValidCsrf(src)) {
        throw new AppError(AppErrorCode.CSRF_INVALID, { message: "Missing or invalid CSRF token." });
      }
      const params = (await segment?.params) ?? {};
      let input: unknown = {};
      let raw: unknown = {};
      if (options.input || options.rawInput) {
        raw = isSafeMethod(req.method) ? Object.fromEntries(new URL(req.url).searchParams) : await readJsonBody(req, options.maxBytes);
        if (options.rawInput && (raw === null || typeof raw !== "object" || Array.isArray(raw))) {
          throw new AppError(AppErrorCode.VALIDATION_FAILED, {
            message: "The request body must be a JSON object.",
            params: { fields: "body" },
          });
        }
      }
      if (options.input) {
        const data = options.withParams ? { ...(raw as object), ...params } : raw;
        input = parseInput(options.input, data, options.operation);
      }
      const result = await handler({ ctx, input: input as never, raw: raw as Record<string, unknown>, req, params, src });
      if (result instanceof Response) return result;
      return Response.json((options.output ? options.output.parse(result) : result) ?? null, { status: options.status });
    } catch (error) {
      const locale = ctx?.locale ?? "en";
      return errorResponse(isAppError(error) ? localizeAppError(error, locale) : error, locale);
    }
  };
}
