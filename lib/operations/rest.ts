import type { z } from "zod";
import { route } from "@/lib/http/route";
import { runOperation, type Operation } from "./operation";

type RestOptions = {
  /** The status of a successful answer (default 200; 201 for what creates). */
  status?: number;
  /** The route's path parameters join the input (`/policies/{id}` gives `id`). */
  withParams?: boolean;
  /** Maps the request's input (JSON body, or query string for GET) to the operation's, when they differ. */
  map?: (raw: Record<string, unknown>) => unknown;
  /** Maps the operation's result to the answer's body, when REST answers a part of it (`{ ids }`). */
  answer?: (result: never) => unknown;
};

/**
 * The REST route of a declared operation: route() builds the context and checks CSRF, then
 * runOperation checks the caller and validates the input by the declaration's schema, and the
 * answer is serialised through its output schema.
 */
export function restRoute<I extends z.ZodType, O extends z.ZodType, R>(operation: Operation<I, O, R>, options: RestOptions = {}) {
  return route({ operation: operation.name, status: options.status, rawInput: true }, async ({ ctx, raw, params }) => {
    const input = { ...(options.map ? (options.map(raw) as object) : raw), ...(options.withParams ? params : {}) };
    // Shaped by the declared output before anything else sees it; a result that does not fit is a server error.
    const shaped = operation.output.parse(await runOperation(operation, ctx, input));
    return options.answer ? options.answer(shaped as never) : shaped;
  });
}
