import { OPENAPI_DOCUMENT } from "@/lib/api/openapi";

/** GET /v1/openapi.json: the public API's description; open to everyone, like any API's docs. */
export const GET = () => Response.json(OPENAPI_DOCUMENT, { headers: { "cache-control": "public, max-age=300" } });
