import type { z } from "zod";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { readJsonBody } from "@/lib/http/parse-input";
import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";
import { runOperation, type Operation } from "./operation";

type RestOptions<O extends z.ZodType, R> = {
  /** The status of a successful answer (default 200; 201 for what creates). */
  status?: number;
  /** The route's path parameters join the input (`/policies/{id}` gives `id`). */
  withParams?: boolean;
  /**
   * Maps the request's input (JSON body, or query string for GET) to the operation's, when they
   * differ; the request is there for what comes in a header (register's `signed` invitation).
   */
  map?: (raw: Record<string, unknown>, req: Request) => unknown;
  /** The credentials are in the JSON body (desktop sign-in): a JSON call without cookies needs no CSRF token. */
  credentialsInBody?: boolean;
  /** The largest JSON body accepted, when it is not route()'s default. */
  maxBytes?: number;
  /**
   * Builds the answer from the shaped output and the service's whole result, for answers that
   * carry more than JSON: cookies (sign-in sets the session's, sign-out clears them) or headers.
   * What the result holds beyond the output (a session) never reaches the body.
   */
  respond?: (output: z.infer<O>, result: R) => Response;
  /** Headers of a successful answer (e.g. `cache-control: no-store` for what a share link's visitor reads). */
  headers?: Record<string, string>;
};

/**
 * The REST route of a declared operation: route() builds the context and checks CSRF, then
 * runOperation checks the caller and validates the input by the declaration's schema, and the
 * answer is serialised through its output schema.
 */
export function restRoute<I extends z.ZodType, O extends z.ZodType, R, N extends string>(
  operation: Operation<I, O, R, N>,
  options: RestOptions<O, R> = {},
) {
  const upload = operation.kind === "upload";
  const { status, credentialsInBody, maxBytes } = options;
  const handler = route(
    { operation: operation.name, status, credentialsInBody, maxBytes, rawInput: !upload },
    async ({ ctx, raw, params, req }) => {
      // An upload's details come in its multipart `data` part, its files in its file parts; one
      // that takes `json` may come as a plain JSON body instead, without files.
      const multipart = upload && (!operation.upload?.json || isMultipart(req));
      const read = multipart ? await readUpload(req, operation.name, operation.upload) : null;
      const body = read ? read.data : upload ? await readJsonObject(req, maxBytes) : raw;
      const input = {
        ...(options.map ? (options.map(body, req) as object) : body),
        ...(options.withParams ? params : {}),
        ...(upload ? { files: read?.files ?? [] } : {}),
      };
      // Shaped by the declared output (a download's file passes as it is); a result that does not fit is a server error.
      const result = await runOperation(operation, ctx, input);
      const output = operation.output.parse(result);
      return options.respond ? options.respond(output, result) : output;
    },
  );
  const withHeaders = options.headers
    ? async (...args: Parameters<typeof handler>) => {
        const response = await handler(...args);
        if (response.ok) for (const [name, value] of Object.entries(options.headers!)) response.headers.set(name, value);
        return response;
      }
    : handler;
  // The test of lib/operations/routes/ checks each route serves the operation it says; the
  // OpenAPI test that the document gives its success status (lib/api/openapi-notes.ts).
  return Object.assign(withHeaders, { operation: operation as Operation, status: status ?? 200 });
}

const isMultipart = (req: Request) => !!req.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data");

/** A JSON body that must be an object (as route's rawInput reads it). */
async function readJsonObject(req: Request, maxBytes?: number): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req, maxBytes);
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "The request body must be a JSON object.", params: { fields: "body" } });
  return body as Record<string, unknown>;
}
