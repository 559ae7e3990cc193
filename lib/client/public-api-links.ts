/** The public API's OpenAPI description (app/v1/openapi.json), built from the declarations of /v1: a document to read, not an operation. */
export const OPENAPI_HREF = "/v1/openapi.json";
