import { z } from "zod";
import { refreshSession } from "@/lib/auth/session";
import { missingParameter } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";
import { REFRESH_COOKIE, tokenBody, withSessionCookies } from "@/lib/http/session-cookies";

const schema = z.object({ refreshToken: z.string().min(1).max(200).optional() }).strict();

/** Swaps the refresh token (body, or the browser's cookie) for new tokens. */
export const POST = route({ operation: "refreshToken", input: schema, credentialsInBody: true }, async ({ ctx, input, src }) => {
  const refreshToken = input.refreshToken ?? src.cookie(REFRESH_COOKIE);
  if (!refreshToken) throw missingParameter("refreshToken", "refreshToken");
  const session = await refreshSession(ctx, refreshToken);
  return withSessionCookies(Response.json(tokenBody(session)), session);
});
