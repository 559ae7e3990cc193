import { route } from "@/lib/http/route";
import { CSRF_COOKIE, csrfCookieOptions, issueCsrfToken } from "@/lib/http/csrf";
import { serializeCookie } from "@/lib/http/session-cookies";

export const dynamic = "force-dynamic";

export const GET = route({ operation: "csrf" }, async ({ src }) => {
  const csrfToken = issueCsrfToken(src.cookie(CSRF_COOKIE));
  const response = Response.json({ csrfToken }, { headers: { "cache-control": "no-store" } });
  response.headers.append("set-cookie", serializeCookie(CSRF_COOKIE, csrfToken, csrfCookieOptions));
  return response;
});
