import type { z } from "zod";
import type { DeclaredOperations } from "@/lib/operations/registry";
import { OPERATION_ROUTES, type RoutedOperationName } from "@/lib/operations/routes";
import { apiRequest } from "./api";

/**
 * The browser's typed client of the declared operations (issue 14): `callOperation(name, input)`
 * sends the input to the operation's REST route (lib/operations/routes.ts) and answers its output,
 * both typed from the declaration. The declarations are imported for their types only, so no
 * zod and no server code reaches the browser. Components hold no URL: they name the operation.
 */
type Declared = DeclaredOperations;
export type OperationInput<N extends RoutedOperationName> = z.input<Declared[N]["input"]>;

/** What JSON makes of a value: dates become their ISO text. */
type Jsonify<T> = T extends Date ? string : T extends (infer U)[] ? Jsonify<U>[] : T extends object ? { [K in keyof T]: Jsonify<T[K]> } : T;
export type OperationOutput<N extends RoutedOperationName> = Jsonify<z.output<Declared[N]["output"]>>;

/** The route's path with its `{field}`s filled from the input, and the input without them. */
function resolvePath(path: string, input: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const url = path.replace(/\{(\w+)\}/g, (_match, field: string) => {
    const value = rest[field];
    delete rest[field];
    return encodeURIComponent(String(value));
  });
  return { url, rest };
}

export function callOperation<N extends RoutedOperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>> {
  const { method, path } = OPERATION_ROUTES[name];
  const { url, rest } = resolvePath(path, input as Record<string, unknown>);
  if (method === "GET") {
    const query = new URLSearchParams(
      Object.entries(rest).flatMap(([key, value]) => (value === undefined || value === null ? [] : [[key, String(value)]])),
    );
    return apiRequest(method, query.size ? `${url}?${query}` : url);
  }
  return apiRequest(method, url, rest);
}
