import { GraphQLError, type DocumentNode } from "graphql";
import type { GraphQLParams, Plugin } from "graphql-yoga";
import { requestLocale, sourceFromRequest } from "@/lib/auth/get-request-context";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { fileTooLarge, uploadMaxBytes, uploadMaxFiles } from "@/lib/files/upload-limits";
import type { GraphQLContext } from "@/lib/graphql/context";
import { appErrorCodeOf, toGraphQLError } from "@/lib/graphql/errors";
import { inputError, isInputError } from "@/lib/graphql/input-error";
import { readJsonBody } from "@/lib/http/parse-input";
import type { Locale } from "@/lib/i18n/locales";

/** A JSON operation is small; a multipart one carries at most the upload limit in files. */
const MAX_JSON_BYTES = 1024 * 1024;
const maxMultipartBytes = () => uploadMaxBytes() * uploadMaxFiles() + MAX_JSON_BYTES;

const isMultipart = (request: Request) => request.headers.get("content-type")?.startsWith("multipart/form-data") ?? false;
const isJson = (request: Request) => /^application\/(graphql\+)?json\s*(;|,|$)/.test(request.headers.get("content-type") ?? "");

/** Before the service context exists: the language header, the cookie, the browser. */
export const localeOf = (request: Request): Locale => requestLocale(sourceFromRequest(request));

/**
 * A request-level error (nothing ran): the AppError's extensions as elsewhere, with its REST
 * status (400 for bad input) rather than GraphQL's usual 200. Keeps where in the query it points.
 */
export function requestError(error: AppError, locale: Locale, at?: GraphQLError, status = error.status): GraphQLError {
  const mapped = toGraphQLError(error, locale);
  return new GraphQLError(mapped.message, {
    nodes: at?.nodes,
    source: at?.nodes ? undefined : at?.source,
    positions: at?.nodes ? undefined : at?.positions,
    extensions: { ...mapped.extensions, http: { status } },
  });
}

/** Refuses a body past `max` bytes while it streams (a declared length is checked before). */
function limitBody(request: Request, max: number, onTooLarge: () => void): Request {
  if (!request.body) return request;
  let size = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > max) {
          onTooLarge();
          controller.error(new Error("Request body too large"));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body,
    duplex: "half",
  } as RequestInit);
}

/** JSON bodies: read at most MAX_JSON_BYTES, then REST's MALFORMED_JSON / VALIDATION_FAILED. */
async function parseJsonBody(request: Request, locale: Locale): Promise<GraphQLParams> {
  let body: unknown;
  try {
    body = await readJsonBody(request, MAX_JSON_BYTES);
  } catch (error) {
    throw isAppError(error) ? requestError(error, locale) : error;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    const notObject = new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "The request body must be a JSON object.",
      params: { fields: "body" },
    });
    throw requestError(notObject, locale);
  }
  return body as GraphQLParams;
}

/** Documents of failed validations, so their errors can be traced back to a field. */
const validatedDocuments = new WeakMap<GraphQLError, DocumentNode>();

/** GraphQL's own input errors in a result, as AppErrors in `locale`. */
function mapInputErrors<R extends { errors?: readonly GraphQLError[] }>(result: R, locale: Locale, document?: DocumentNode): R {
  if (!result.errors?.some(isInputError)) return result;
  const errors = result.errors.map((error) => {
    if (!isInputError(error)) return error;
    const original = (error.extensions?.http as { status?: number } | undefined)?.status;
    const appError = inputError(error, document ?? validatedDocuments.get(error));
    // Keep a more specific refusal (405 for a mutation over GET); bad input is otherwise 400.
    const status = original && original >= 400 && original < 500 ? original : appError.status;
    return error.path ? toGraphQLError(appError, locale, error.path) : requestError(appError, locale, error, status);
  });
  // The client reads the first error: a missing parameter first, as REST reports it.
  const missing = (e: GraphQLError) => appErrorCodeOf(e) === AppErrorCode.MISSING_PARAMETER;
  return { ...result, errors: [...errors.filter(missing), ...errors.filter((e) => !missing(e))] };
}

/**
 * Bad input over GraphQL answered like REST (issue 2, "Bad input"; spec section 8):
 * - a body past the size limit (declared or streamed) → 400 PAYLOAD_TOO_LARGE / FILE_TOO_LARGE;
 * - a body that is not JSON → 400 MALFORMED_JSON;
 * - a missing required argument, input field or variable → MISSING_PARAMETER with the spec's
 *   "Required parameter {name} was null or undefined when calling {operation}";
 * - any other syntax, validation or coercion error → VALIDATION_FAILED,
 * each as BAD_USER_INPUT with that code as `reason`, `fields` and the message in the request's
 * language (lib/graphql/errors.ts), as any bad input is answered. Register it before the plugin
 * that localizes execution errors: that one unwraps coercion errors and loses the variable.
 * Yoga's own body limit must be off (`maxRequestBodySize: false`): this one answers 400, not 413.
 */
export function badInputPlugin(): Plugin<GraphQLContext> {
  return {
    onRequestParse({ request, requestParser, setRequestParser }) {
      const locale = localeOf(request);
      const multipart = isMultipart(request);
      const max = multipart ? maxMultipartBytes() : MAX_JSON_BYTES;
      const tooLarge = () =>
        multipart
          ? fileTooLarge()
          : new AppError(AppErrorCode.PAYLOAD_TOO_LARGE, { message: `The request body is larger than ${max} bytes.`, params: { max } });
      if (Number(request.headers.get("content-length") ?? 0) > max) throw requestError(tooLarge(), locale);
      if (!requestParser) return;
      const parser = requestParser;
      if (request.method === "POST" && isJson(request)) {
        setRequestParser((req) => parseJsonBody(req, locale));
      } else if (request.method === "POST") {
        setRequestParser(async (req) => {
          let exceeded = false;
          try {
            return await parser(limitBody(req, max, () => (exceeded = true)));
          } catch (error) {
            if (exceeded) throw requestError(tooLarge(), locale);
            throw error;
          }
        });
      } else {
        // GET carries `variables` and `extensions` as JSON in the query string.
        setRequestParser(async (req) => {
          try {
            return await parser(req);
          } catch (error) {
            if (!(error instanceof SyntaxError)) throw error;
            throw requestError(new AppError(AppErrorCode.MALFORMED_JSON, { message: "The request body is not valid JSON." }), locale);
          }
        });
      }
    },
    onValidate({ params: { documentAST } }) {
      return ({ result }) => {
        for (const error of result) validatedDocuments.set(error, documentAST);
      };
    },
    onExecute({ args }) {
      // Variables are coerced here, with the user known: answer in their language.
      const locale = args.contextValue.ctx.locale;
      return {
        onExecuteDone({ result, setResult }) {
          if (Symbol.asyncIterator in result) return;
          setResult(mapInputErrors(result, locale, args.document));
        },
      };
    },
    onResultProcess({ request, result, setResult }) {
      // Syntax and validation errors, and Yoga's checks of the request's parameters.
      if (Symbol.asyncIterator in result) return;
      const locale = localeOf(request);
      setResult(Array.isArray(result) ? result.map((r) => mapInputErrors(r, locale)) : mapInputErrors(result, locale));
    },
  };
}
