import { openApiDocument } from "@/lib/registry/openapi";

/**
 * GET /v1/openapi.json: the OpenAPI description of what an API token may call, generated from the
 * operations' declarations (lib/registry/openapi.ts) once per process; open to everyone, like any API's docs.
 */
export const GET = () => Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
