/** Calls made with a share link's access token, and the check of their error codes. */

import { ApiError } from "@/lib/client/api";
import type { operationRequest } from "@/lib/client/operations";

/**
 * A call with the link access token; errors become ApiError like every other call. No cookies go
 * with it, so a write needs no CSRF token: the bearer token is the credential (lib/http/csrf.ts).
 */
export async function linkFetch(request: ReturnType<typeof operationRequest>, accessToken: string): Promise<Response> {
  const hasBody = request.body !== undefined;
  const response = await fetch(request.url, {
    method: request.method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      "x-language": document.documentElement.lang || "en",
      ...(hasBody ? { "content-type": "application/json" } : {}),
    },
    body: hasBody ? JSON.stringify(request.body) : undefined,
    credentials: "omit",
    cache: "no-store",
  }).catch(() => {
    throw new ApiError("NETWORK", "network", "", 0);
  });
  if (response.ok) return response;
  const error =
    (
      (await response.json().catch(() => null)) as {
        error?: { code?: string; type?: string; message?: string; details?: Record<string, unknown> };
      } | null
    )?.error ?? {};
  throw new ApiError(error.code ?? "INTERNAL", error.type ?? "internal", error.message ?? "", response.status, error.details);
}

export const isCode = (error: unknown, ...codes: string[]) => error instanceof ApiError && codes.includes(error.code);
