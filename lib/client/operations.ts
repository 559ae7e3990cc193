import type { z } from "zod";
import type { DeclaredOperations } from "@/lib/registry/operations";
import type { RoutedOperationName } from "@/lib/operations/route-table";
import type { HttpMethod, OperationRoute } from "@/lib/operations/operation-route";
import { apiMultipart, apiRequest } from "./api";

/**
 * The browser's typed client of the declared operations (issue 14): `callOperation(handle, input)`
 * sends the input to the operation's REST route (its handle in lib/operations/routes/, e.g.
 * `documentsOp`) and answers its output, both typed from the declaration. The declarations are
 * imported for their types only, so no zod and no server code reaches the browser. Components hold
 * no URL: they import the handles of the operations they call, and only those reach their page's
 * scripts (issue 15).
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

/** The address of a GET operation with its input: path fields filled, the rest in the query string. */
function getUrl(path: string, input: Record<string, unknown>): string {
  const { url, rest } = resolvePath(path, input);
  const query = new URLSearchParams(
    Object.entries(rest).flatMap(([key, value]) =>
      value === undefined || value === null || value === false ? [] : [[key, value === true ? "1" : String(value)]],
    ),
  );
  return query.size ? `${url}?${query}` : url;
}

export function callOperation<N extends RoutedOperationName>(
  route: OperationRoute<N>,
  input: OperationInput<N>,
  /** Credentials of the caller's own (a signer's or reviewer's `signed` header: see `signedHeaders`). */
  headers?: Record<string, string>,
): Promise<OperationOutput<N>> {
  const { method, path } = route;
  if (method === "GET") return apiRequest(method, getUrl(path, input as Record<string, unknown>), undefined, headers);
  const { url, rest } = resolvePath(path, input as Record<string, unknown>);
  return apiRequest(method, url, rest, headers);
}

/** The header a reviewer or signer sends with each call: their link's token (spec section 5, `signed`). */
export const signedHeaders = (token: string): Record<string, string> => ({ signed: token });

/**
 * The HTTP request of a declared operation, for a caller that sends it with credentials of its
 * own (a share link's visitor: its access token in `Authorization: Bearer`, no cookies): the
 * method, the address (path fields filled; for GET the rest in the query string) and the JSON body.
 */
export function operationRequest<N extends RoutedOperationName>(
  route: OperationRoute<N>,
  input: OperationInput<N>,
): { method: HttpMethod; url: string; body?: Record<string, unknown> } {
  const { method, path } = route;
  if (method === "GET") return { method, url: getUrl(path, input as Record<string, unknown>) };
  const { url, rest } = resolvePath(path, input as Record<string, unknown>);
  return { method, url, body: rest };
}

/** The names of the declared downloads (an `href` or `src` in a page). */
type DownloadName = { [N in RoutedOperationName]: Declared[N]["kind"] extends "download" ? N : never }[RoutedOperationName];
/** The names of the declared uploads. */
type UploadName = { [N in RoutedOperationName]: Declared[N]["kind"] extends "upload" ? N : never }[RoutedOperationName];

/** Where a declared download is served for this input (for a link, an image or fetch). */
export function operationHref<N extends DownloadName>(route: OperationRoute<N>, input: OperationInput<N>): string {
  return getUrl(route.path, input as Record<string, unknown>);
}

/**
 * Sends files to a declared upload: multipart, each file under `file` (or a `[part, file]` pair
 * for named parts, `field:<name>`), the other input fields as the JSON `data` part.
 */
export function uploadOperation<N extends UploadName>(
  route: OperationRoute<N>,
  input: Omit<OperationInput<N>, "files">,
  files: File | File[] | [part: string, file: File][],
  headers?: Record<string, string>,
): Promise<OperationOutput<N>> {
  const { method, path } = route;
  const { url, rest } = resolvePath(path, input as Record<string, unknown>);
  const parts: [string, File][] = (Array.isArray(files) ? files : [files]).map((one) => (Array.isArray(one) ? one : ["file", one]));
  return apiMultipart(url, parts, Object.keys(rest).length ? rest : undefined, method, headers);
}
