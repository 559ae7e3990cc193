import type { JWTVerifyGetKey } from "jose";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { ServiceContext } from "@/lib/auth/context";
import { isGoogleEnabled } from "./next-auth-options";
import { signInWithGoogle } from "./sign-in-with-google";
import { verifyGoogleIdToken } from "./verify-google-id-token";

/**
 * Google One Tap: signs in (or up) the owner of the Google address in a verified ID token, like
 * Google sign-in through next-auth. Throws SIGN_IN_METHOD_UNAVAILABLE when Google is not
 * configured, IDENTITY_TOKEN_INVALID for a credential that does not verify, EMAIL_NOT_VERIFIED
 * for an address Google has not verified. `keys` replaces Google's signing keys in tests.
 */
export async function signInWithGoogleOneTap(ctx: ServiceContext, credential: string, options: { keys?: JWTVerifyGetKey } = {}) {
  if (!isGoogleEnabled()) {
    throw new AppError(AppErrorCode.SIGN_IN_METHOD_UNAVAILABLE, { message: "Google sign-in is not configured." });
  }
  const identity = await verifyGoogleIdToken(credential, { clientId: process.env.GOOGLE_CLIENT_ID!, keys: options.keys });
  return signInWithGoogle(ctx, identity);
}
