import { OPENAPI_PATHS } from "./openapi-paths";
import { OPENAPI_RESPONSES, OPENAPI_SECURITY_SCHEMES } from "./openapi-responses";
import { OPENAPI_SCHEMAS } from "./openapi-schemas";

/**
 * The OpenAPI 3.1 description of the public API (/v1), served at GET /v1/openapi.json. Written by
 * hand: it describes the shapes of lib/api/public-template.ts and the errors of
 * lib/http/error-response.ts, and changes with them (tests/integration/api checks the paths).
 */

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Covenant public API",
    version: "1.0.0",
    description:
      "Read the templates of a workspace with an API token. Create tokens in Workspace settings → Integrations → API tokens; a token acts as the member who created it, with that member's current role, inside that workspace only. Error messages follow the `x-language` header (en, es, ca, pt, pt-br).",
  },
  servers: [{ url: "/", description: "This server" }],
  security: [{ apiKey: [] }],
  tags: [{ name: "Templates", description: "Contract templates with their variable fields." }],
  paths: OPENAPI_PATHS,
  components: {
    securitySchemes: OPENAPI_SECURITY_SCHEMES,
    responses: OPENAPI_RESPONSES,
    schemas: OPENAPI_SCHEMAS,
  },
} as const;
