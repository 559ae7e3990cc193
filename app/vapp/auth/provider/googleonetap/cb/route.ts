import { sourceFromRequest, buildContext } from "@/lib/auth/get-request-context";
import type { ServiceContext } from "@/lib/auth/context";
import { isGoogleEnabled } from "@/lib/sign-in/next-auth-options";
import { readGoogleOneTapRequest } from "@/lib/sign-in/read-google-one-tap-request";
import { signInWithGoogleOneTap } from "@/lib/sign-in/sign-in-with-google-one-tap";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { errorResponse } from "@/lib/http/error-response";
import { withSessionCookies } from "@/lib/http/session-cookies";

/** Failures the sign-in screen can name after a form post (their texts take no parameters). */
const SHOWN_ON_LOGIN = new Set<string>(["IDENTITY_TOKEN_INVALID", "EMAIL_NOT_VERIFIED", "INVALID_CREDENTIALS"]);

/**
 * Google One Tap's login URI. Not wrapped in `route()`: Google's redirect mode posts a form that
 * cannot carry our CSRF token, so the request is checked with Google's own token instead
 * (lib/auth/read-google-one-tap-request.ts). A form post ends in a redirect (home, or the sign-in
 * screen with the reason); a JSON call from our pages gets JSON. Unconfigured Google: 404.
 */
export async function POST(req: Request): Promise<Response> {
  const src = sourceFromRequest(req);
  let ctx: ServiceContext | undefined;
  let isForm = false;
  try {
    ctx = await buildContext(src);
    if (!isGoogleEnabled()) {
      throw new AppError(AppErrorCode.SIGN_IN_METHOD_UNAVAILABLE, { message: "Google sign-in is not configured." });
    }
    const request = await readGoogleOneTapRequest(req, src);
    isForm = request.isForm;
    const { session } = await signInWithGoogleOneTap(ctx, request.credential);
    const response = isForm
      ? new Response(null, { status: 303, headers: { location: new URL("/", req.url).toString() } })
      : Response.json({ userId: session.userId, accountId: session.accountId });
    return withSessionCookies(response, session);
  } catch (error) {
    if (isForm && isAppError(error)) {
      const code = SHOWN_ON_LOGIN.has(error.code) ? error.code : AppErrorCode.IDENTITY_TOKEN_INVALID;
      return Response.redirect(new URL(`/login?error=${code}`, req.url), 303);
    }
    return errorResponse(error, ctx?.locale ?? "en");
  }
}
