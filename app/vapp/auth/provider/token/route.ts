import { tokenLogin } from "@/lib/users/session-operations";
import { withSessionCookies } from "@/lib/http/session-cookies";
import { restRoute } from "@/lib/operations/rest";

/** API-token sign-in: the key comes in the `x-access-token` header, never in the body. */
export const POST = restRoute(tokenLogin, {
  map: (_raw, req) => ({ "x-access-token": req.headers.get("x-access-token") ?? undefined }),
  respond: (output, { session }) => withSessionCookies(Response.json(output), session),
});
