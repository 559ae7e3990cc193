import { OPERATIONS } from "@/lib/registry/operations";
import { ROUTE_MODULES } from "@/lib/operations/route-table";
import type { OperationRoute } from "@/lib/operations/operation-route";
import { isDocumented, pathOperation } from "@/lib/api/openapi-paths";
import { OPENAPI_RESPONSES, OPENAPI_SECURITY_SCHEMES } from "@/lib/api/openapi-responses";
import { errorBodySchema, jsonSchemaOf, type JsonSchema } from "@/lib/api/openapi-schemas";

/**
 * The OpenAPI 3.1 description of what an API token may call, served at GET /v1/openapi.json:
 * the public API (/v1) and every other REST operation whose declaration accepts an API token.
 * Generated from the declarations (lib/operations): each one's route, zod input and output,
 * callers and limits (lib/api/openapi-paths.ts); nothing about a shape is written by hand.
 * tests/integration/api/openapi.test.ts checks it against the declarations and lints it.
 */

/** The tag of each domain module of lib/operations/routes/ (`documentFile` → "Document file"). */
const tagOf = (domain: string) => domain.replace(/([A-Z])/g, " $1").replace(/^./, (first) => first.toUpperCase());

export function buildOpenApiDocument() {
  const byName = new Map(OPERATIONS.map((operation) => [operation.name, operation]));
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  const schemas: Record<string, JsonSchema> = { Error: jsonSchemaOf(errorBodySchema, "output") };
  for (const [domain, handles] of Object.entries(ROUTE_MODULES))
    for (const route of Object.values(handles as Record<string, OperationRoute>)) {
      const operation = byName.get(route.name);
      if (!operation || !isDocumented(operation)) continue;
      const described = pathOperation(operation, route, tagOf(domain), schemas);
      described.tags.forEach((tag) => tags.add(tag));
      (paths[route.path] ??= {})[route.method.toLowerCase()] = described;
    }
  // /v1 first, then the rest by path.
  const sorted = Object.keys(paths).sort((a, b) => Number(!a.startsWith("/v1/")) - Number(!b.startsWith("/v1/")) || a.localeCompare(b));
  return {
    openapi: "3.1.0",
    info: {
      title: "Covenant API",
      version: "1.0.0",
      description:
        "What an API token may call. The public API (`/v1`) reads the templates of a workspace; the app's REST operations (`/vapp`) take the same key. Create tokens in Workspace settings → Integrations → API tokens; a token acts as the member who created it, with that member's current role, inside that workspace only. Error messages follow the `x-language` header (en, es, ca, pt, pt-br). Generated from the operations' declarations.",
    },
    servers: [{ url: "/", description: "This server" }],
    security: [{ apiKey: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths: Object.fromEntries(sorted.map((path) => [path, paths[path]])),
    components: {
      securitySchemes: OPENAPI_SECURITY_SCHEMES,
      responses: OPENAPI_RESPONSES,
      schemas,
    },
  };
}

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document, built once per process (the declarations do not change while it runs). */
export const openApiDocument = () => (cached ??= buildOpenApiDocument());
