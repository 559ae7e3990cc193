import { signInWithToken } from "@/lib/auth/sign-in-with-token";
import { missingParameter } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";
import { tokenBody, withSessionCookies } from "@/lib/http/session-cookies";

/** API-token sign-in: the key comes in the `x-access-token` header. */
export const POST = route({ operation: "tokenLogin" }, async ({ ctx, req }) => {
  const key = req.headers.get("x-access-token");
  if (!key) throw missingParameter("x-access-token", "tokenLogin");
  const { session } = await signInWithToken(ctx, key);
  return withSessionCookies(Response.json(tokenBody(session)), session);
});
