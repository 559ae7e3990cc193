import { refreshTokenOperation } from "@/lib/users/session-operations";
import { parseCookies } from "@/lib/auth/get-request-context";
import { REFRESH_COOKIE, withSessionCookies } from "@/lib/http/session-cookies";
import { restRoute } from "@/lib/operations/rest";

/** Swaps the refresh token (body, or the browser's cookie) for new tokens. */
export const POST = restRoute(refreshTokenOperation, {
  credentialsInBody: true,
  map: (raw, req) => ({ ...raw, refreshToken: raw.refreshToken ?? parseCookies(req.headers.get("cookie")).get(REFRESH_COOKIE) }),
  respond: (output, { session }) => withSessionCookies(Response.json(output), session),
});
