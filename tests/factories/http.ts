import { CSRF_COOKIE, CSRF_HEADER, issueCsrfToken } from "@/lib/http/csrf";

/** Builds requests the way a browser of ours would: CSRF cookie + header, JSON body. */
export function jsonRequest(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; csrf?: boolean; cookies?: Record<string, string>; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(options.headers);
  const cookies = { ...options.cookies };
  if (options.csrf !== false && method !== "GET") {
    const token = issueCsrfToken(null);
    cookies[CSRF_COOKIE] = token;
    headers.set(CSRF_HEADER, token);
  }
  const cookieHeader = Object.entries(cookies)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("; ");
  if (cookieHeader) headers.set("cookie", cookieHeader);
  const body = options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`http://localhost:3000${path}`, { method, headers, body });
}

/** name → value of every cookie a response sets. */
export function setCookies(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair.indexOf("=");
    out[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
  }
  return out;
}

export const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });
