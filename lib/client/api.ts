/**
 * The browser's way to call our REST and GraphQL endpoints: fetches a CSRF token once, sends it
 * with every state-changing call together with the language header, and turns error bodies
 * into ApiError (code, type, message) for the screens.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly type: string,
    message: string,
    readonly status: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

let csrfToken: Promise<string> | null = null;

function language(): string {
  return document.documentElement.lang || "en";
}

async function fetchCsrf(): Promise<string> {
  csrfToken ??= fetch("/vapp/auth/csrf", { credentials: "same-origin" })
    .then((r) => r.json())
    .then((body: { csrfToken: string }) => body.csrfToken)
    .catch((error) => {
      csrfToken = null;
      throw error;
    });
  return csrfToken;
}

/** Spec section 5: a call whose required parameter is null or undefined fails naming it. */
export function requireParams(operation: string, params: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) {
      throw new ApiError(
        "MISSING_PARAMETER",
        "validation",
        `Required parameter ${name} was null or undefined when calling ${operation}`,
        400,
      );
    }
  }
}

export async function apiRequest<T>(method: string, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  const headers: Record<string, string> = { "x-language": language(), ...extraHeaders };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") headers["x-csrf-token"] = await fetchCsrf();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("NETWORK", "network", "", 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error ?? {};
    if (error.code === "CSRF_INVALID") csrfToken = null;
    throw new ApiError(error.code ?? "INTERNAL", error.type ?? "internal", error.message ?? "", response.status, error.details);
  }
  return data as T;
}

/** Uploads files as multipart/form-data (field `file`, repeated), with optional JSON `data`. */
export async function apiUpload<T>(path: string, file: File | File[], fields?: Record<string, unknown>): Promise<T> {
  return apiMultipart<T>(
    path,
    (Array.isArray(file) ? file : [file]).map((one) => ["file", one]),
    fields,
  );
}

/** Sends multipart/form-data (POST unless told): file parts under their own names, and optional JSON `data`. */
export async function apiMultipart<T>(
  path: string,
  parts: [name: string, file: File][],
  fields?: Record<string, unknown>,
  method = "POST",
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const form = new FormData();
  for (const [name, one] of parts) form.append(name, one);
  if (fields) form.set("data", JSON.stringify(fields));
  const response = await fetch(path, {
    method,
    headers: { "x-language": language(), "x-csrf-token": await fetchCsrf(), ...extraHeaders },
    credentials: "same-origin",
    body: form,
  }).catch(() => {
    throw new ApiError("NETWORK", "network", "", 0);
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(error.code ?? "INTERNAL", error.type ?? "internal", error.message ?? "", response.status, error.details);
  }
  return data as T;
}

/** A GraphQL call; expected failures come back as ApiError from the error extensions. */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const isMutation = /^\s*mutation\b/.test(query);
  const headers: Record<string, string> = { "content-type": "application/json", "x-language": language() };
  if (isMutation) headers["x-csrf-token"] = await fetchCsrf();
  const response = await fetch("/graphql", {
    method: "POST",
    headers,
    credentials: "same-origin",
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json().catch(() => null);
  const first = body?.errors?.[0];
  if (first) {
    const ext = first.extensions ?? {};
    // Bad input comes as BAD_USER_INPUT with our code as `reason`: screens match our codes.
    const code = ext.reason ?? ext.code ?? "INTERNAL";
    throw new ApiError(code, ext.type ?? "internal", ext.message ?? first.message, response.status, ext.details);
  }
  return body.data as T;
}
