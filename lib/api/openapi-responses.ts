/**
 * The OpenAPI document's security schemes and error answers, and which errors an operation can
 * answer, read from its declaration (lib/operations/operation.ts) the way runOperation and the REST
 * route refuse a call.
 */

import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { Operation } from "@/lib/operations/operation";

export const OPENAPI_SECURITY_SCHEMES = {
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "api-key",
    description:
      "An API token's key (`cvt_…`), shown once when the token is created. `x-api-key` is accepted too. The key acts as the member who created it, in that workspace only.",
  },
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "A member's access token from desktop or token sign-in (`POST /vapp/auth/provider/local/desktop`, `POST /vapp/auth/refresh-token`). Not accepted by `/v1`.",
  },
} as const;

const errorResponse = (description: string, code: AppErrorCode, message: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers && { headers }),
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { error: { code, type: new AppError(code).type, message } },
    },
  },
});

/** The error answers by status, as components/responses. */
export const OPENAPI_RESPONSES = {
  BadRequest: errorResponse(
    "The input is not valid: a parameter or field (`VALIDATION_FAILED`, with `details.fields`), a missing one (`MISSING_PARAMETER`), malformed JSON or a body too large.",
    AppErrorCode.VALIDATION_FAILED,
    "Some fields are not valid: size",
  ),
  Unauthorized: errorResponse(
    "No credential, or its key is unknown or revoked (`UNAUTHENTICATED`).",
    AppErrorCode.UNAUTHENTICATED,
    "Sign in to continue.",
  ),
  Forbidden: errorResponse(
    "The caller's role or the workspace's plan does not allow it (`FORBIDDEN`, `FEATURE_NOT_IN_PLAN`, `PLAN_LIMIT_REACHED`).",
    AppErrorCode.FORBIDDEN,
    "You are not allowed to do this.",
  ),
  NotFound: errorResponse(
    "No such record in the caller's workspace (`NOT_FOUND`); another workspace's is not found either.",
    AppErrorCode.NOT_FOUND,
    "We could not find what you are looking for.",
  ),
  Conflict: errorResponse(
    "The change conflicts with the record's state or another record (`CONFLICT` and the more specific codes of type `conflict`).",
    AppErrorCode.CONFLICT,
    "This already exists.",
  ),
  TooManyRequests: errorResponse(
    "Too many failed attempts (unknown API keys from this address, among others): wait the `Retry-After` seconds (`TOO_MANY_ATTEMPTS`).",
    AppErrorCode.TOO_MANY_ATTEMPTS,
    "Too many attempts. Try again later.",
    {
      "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } },
    },
  ),
} as const;

type ResponseName = keyof typeof OPENAPI_RESPONSES;

/**
 * The errors an operation can answer, by status: every one may be refused for its input (400),
 * its missing credential (401) or too many failed keys (429, with Retry-After); one that needs a
 * permission, a plan capability or limit, or names a record, may be forbidden (403); one that names
 * a record (its `ids`, a path parameter) may not find it (404); one that changes something may
 * conflict (409).
 */
export function errorStatuses(operation: Operation, hasPathParameters: boolean): [string, ResponseName][] {
  const names = !!operation.ids?.length || hasPathParameters;
  const changes = operation.kind === "mutation" || operation.kind === "upload";
  const statuses: [string, ResponseName, boolean][] = [
    ["400", "BadRequest", true],
    ["401", "Unauthorized", true],
    ["403", "Forbidden", !!(operation.permission || operation.capability || operation.limit) || names],
    ["404", "NotFound", names],
    ["409", "Conflict", changes],
    ["429", "TooManyRequests", true],
  ];
  return statuses.filter(([, , applies]) => applies).map(([status, name]) => [status, name]);
}

/** Who may call an operation, in the document's terms: /v1 takes an API key only; the rest a member's bearer token too. */
export function securityOf(operation: Operation): Record<string, string[]>[] {
  return operation.callers.includes("member") ? [{ apiKey: [] }, { bearerAuth: [] }] : [{ apiKey: [] }];
}
