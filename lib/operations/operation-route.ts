/**
 * Where each declared operation is served over REST (issues 14 and 15): one handle per operation,
 * `<name>Op` (its name, method and path), as plain data with no imports, in
 * lib/operations/routes/<domain>.ts beside the domain's declarations (lib/<dir>/<domain>-operations.ts).
 * A screen imports the handles of the operations it calls and gives them to the browser's typed
 * client (lib/client/operations.ts: `callOperation(documentsOp, input)`), so a page's scripts carry
 * only its domains' routes and never zod or server code. The server's table keyed by name is
 * lib/operations/route-table.ts; tests/integration/http/operation-routes.test.ts checks that every
 * declaration has its handle, named after it, and that the route file at that path serves it.
 * `{name}` in a path is taken from the input's field of that name.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An operation's handle: where its REST route is. */
export type OperationRoute<N extends string = string> = { readonly name: N; readonly method: HttpMethod; readonly path: string };
