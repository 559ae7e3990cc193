import type { z } from "zod";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { readJsonBody } from "@/lib/http/parse-input";
import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";
import { runOperation, type Operation } from "./operation";

type RestOptions = {
  /** The status of a successful answer (default 200; 201 for what creates). */
  status?: number;
  /** The route's path parameters join the input (`/policies/{id}` gives `id`). */
  withParams?: boolean;
  /** Maps the request's input (JSON body, or query string for GET) to the operation's, when they differ. */
  map?: (raw: Record<string, unknown>) => unknown;
  /** The largest JSON body accepted (default lib/http/parse-input.ts's). */
  maxBytes?: number;
};

/**
 * The REST route of a declared operation: route() builds the context and checks CSRF, then
 * runOperation checks the caller and validates the input by the declaration's schema, and the
 * answer is serialised through its output schema.
 */
export function restRoute<I extends z.ZodType, O extends z.ZodType, R, N extends string>(
  operation: Operation<I, O, R, N>,
  options: RestOptions = {},
) {
  const upload = operation.kind === "upload";
  const route_ = { operation: operation.name, status: options.status, rawInput: !upload, maxBytes: options.maxBytes };
  const handler = route(route_, async ({ ctx, raw, params, req }) => {
    // An upload's details come in its multipart `data` part, its files in its file parts; one
    // that takes `json` may come as a plain JSON body instead, without files.
    const multipart = upload && (!operation.upload?.json || isMultipart(req));
    const read = multipart ? await readUpload(req, operation.name, operation.upload) : null;
    const body = read ? read.data : upload ? await readJsonObject(req, options.maxBytes) : raw;
    const input = {
      ...(options.map ? (options.map(body) as object) : body),
      ...(options.withParams ? params : {}),
      ...(upload ? { files: read?.files ?? [] } : {}),
    };
    // Shaped by the declared output (a download's file passes as it is); a result that does not fit is a server error.
    return operation.output.parse(await runOperation(operation, ctx, input));
  });
  // The test of lib/operations/routes.ts checks each route serves the operation it says.
  return Object.assign(handler, { operation: operation as Operation });
}

const isMultipart = (req: Request) => !!req.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data");

/** A JSON body that must be an object (as route's rawInput reads it). */
async function readJsonObject(req: Request, maxBytes?: number): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req, maxBytes);
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "The request body must be a JSON object.", params: { fields: "body" } });
  return body as Record<string, unknown>;
}
