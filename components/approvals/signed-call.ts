import { ApiError } from "@/lib/client/api";
import { operationRequest, type OperationInput, type OperationOutput } from "@/lib/client/operations";
import type { RoutedOperationName } from "@/lib/operations/route-table";
import type { OperationRoute } from "@/lib/operations/operation-route";
import { SIGNED_HEADER } from "@/lib/signing/signing-links";

/**
 * A reviewer's call: the declared operation's request with the link's token in the `signed`
 * header and no cookies, so a write needs no CSRF token (the token is the credential). Errors
 * become ApiError like every other call (SIGNING_LINK_INVALID carries details.reason).
 */
async function send<N extends RoutedOperationName>(route: OperationRoute<N>, input: OperationInput<N>, token: string): Promise<Response> {
  const request = operationRequest(route, input);
  const hasBody = request.body !== undefined;
  const response = await fetch(request.url, {
    method: request.method,
    headers: {
      [SIGNED_HEADER]: token,
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
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; type?: string; message?: string; details?: Record<string, unknown> };
  } | null;
  const error = body?.error ?? {};
  throw new ApiError(error.code ?? "INTERNAL", error.type ?? "internal", error.message ?? "", response.status, error.details);
}

export async function signedCall<N extends RoutedOperationName>(
  route: OperationRoute<N>,
  input: OperationInput<N>,
  token: string,
): Promise<OperationOutput<N>> {
  return (await (await send(route, input, token)).json()) as OperationOutput<N>;
}

export async function signedFile<N extends RoutedOperationName>(
  route: OperationRoute<N>,
  input: OperationInput<N>,
  token: string,
): Promise<Blob> {
  return (await send(route, input, token)).blob();
}

/** The failed-link reason of an error, when it is one. */
export const linkFailure = (error: unknown): string | null =>
  error instanceof ApiError && error.code === "SIGNING_LINK_INVALID" ? String(error.details?.reason ?? "invalid") : null;
