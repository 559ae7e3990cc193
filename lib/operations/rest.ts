import type { z } from "zod";
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
  options: RestOptions = {},
) {
  const upload = operation.kind === "upload";
  const handler = route({ operation: operation.name, status: options.status, rawInput: !upload }, async ({ ctx, raw, params, req }) => {
    // An upload's details come in its multipart `data` part, its files in its file parts.
    const read = upload ? await readUpload(req, operation.name, operation.upload) : null;
    const body = read ? read.data : raw;
    const input = {
      ...(options.map ? (options.map(body) as object) : body),
      ...(options.withParams ? params : {}),
      ...(read ? { files: read.files } : {}),
    };
    // Shaped by the declared output (a download's file passes as it is); a result that does not fit is a server error.
    return operation.output.parse(await runOperation(operation, ctx, input));
  });
  const withHeaders = options.headers
    ? async (...args: Parameters<typeof handler>) => {
        const response = await handler(...args);
        if (response.ok) for (const [name, value] of Object.entries(options.headers!)) response.headers.set(name, value);
        return response;
      }
    : handler;
  // The test of lib/operations/routes.ts checks each route serves the operation it says.
  return Object.assign(withHeaders, { operation: operation as Operation });
}
