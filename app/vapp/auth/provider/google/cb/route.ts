import NextAuth from "next-auth";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";
import { authOptions, isGoogleEnabled } from "@/lib/sign-in/next-auth-options";

/**
 * Google sends the browser back here (the redirect URI registered with Google, see
 * `GOOGLE_CALLBACK_PATH`); next-auth's own Google callback does the rest: it checks state and PKCE,
 * exchanges the code, signs the user in (lib/auth/next-auth-options.ts) and redirects.
 */
export const GET = route({ operation: "googleCallback" }, async ({ req }) => {
  if (!isGoogleEnabled()) {
    throw new AppError(AppErrorCode.SIGN_IN_METHOD_UNAVAILABLE, { message: "Google sign-in is not configured." });
  }
  return NextAuth(
    req as never,
    { params: Promise.resolve({ nextauth: ["callback", "google"] }) } as never,
    authOptions(),
  ) as Promise<Response>;
});
