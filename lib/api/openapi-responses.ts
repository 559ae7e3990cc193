/** The public API's security scheme and shared error responses in its OpenAPI description. */

import { AppError, AppErrorCode } from "@/lib/errors/app-error";

const errorResponse = (description: string, code: AppErrorCode, message: string) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { error: { code, type: new AppError(code).type, message } },
    },
  },
});

export const OPENAPI_SECURITY_SCHEMES = {
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "api-key",
    description: "An API token's key (`cvt_…`), shown once when the token is created. `x-api-key` is accepted too.",
  },
} as const;

export const OPENAPI_RESPONSES = {
  BadRequest: errorResponse(
    "A query parameter is not valid (`VALIDATION_FAILED`, with `details.fields`).",
    AppErrorCode.VALIDATION_FAILED,
    "Some fields are not valid: size",
  ),
  Unauthorized: errorResponse(
    "No `api-key` header, or its key is unknown or revoked (`UNAUTHENTICATED`).",
    AppErrorCode.UNAUTHENTICATED,
    "Sign in to continue.",
  ),
  Forbidden: errorResponse(
    "The token's member may not view templates (`FORBIDDEN`).",
    AppErrorCode.FORBIDDEN,
    "You are not allowed to do this.",
  ),
  NotFound: errorResponse(
    "No such template in the token's workspace (`NOT_FOUND`).",
    AppErrorCode.NOT_FOUND,
    "We could not find what you are looking for.",
  ),
} as const;
