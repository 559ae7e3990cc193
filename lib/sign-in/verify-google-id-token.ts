import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Google's public signing keys. `jose` comes with next-auth (its JWT library), so this adds no
 * dependency; the key set is fetched on first use, cached, and fetched again for an unknown key id.
 */
const GOOGLE_CERTS_URL = new URL("https://www.googleapis.com/oauth2/v3/certs");
/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

let googleKeys: JWTVerifyGetKey | undefined;

export type GoogleIdentity = {
  email: string;
  verified: boolean;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
};

const invalid = () => new AppError(AppErrorCode.IDENTITY_TOKEN_INVALID, { message: "We could not confirm your Google sign-in." });

/**
 * Verifies a Google ID token (the One Tap `credential`): RS256 signature by one of Google's keys
 * (`keys` replaces them in tests), issuer Google, audience our `clientId`, not expired. Throws
 * IDENTITY_TOKEN_INVALID for anything forged, expired, malformed or meant for another app; a
 * failure to reach Google is ours (it is thrown as is and answered as INTERNAL).
 */
export async function verifyGoogleIdToken(
  credential: string,
  options: { clientId: string; keys?: JWTVerifyGetKey },
): Promise<GoogleIdentity> {
  const keys = options.keys ?? (googleKeys ??= createRemoteJWKSet(GOOGLE_CERTS_URL, { timeoutDuration: 5000 }));
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(credential, keys, {
      issuer: GOOGLE_ISSUERS,
      audience: options.clientId,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "iat", "sub", "email"],
      clockTolerance: 60,
    }));
  } catch (error) {
    const unreachable = error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid;
    if (error instanceof errors.JOSEError && !unreachable) throw invalid();
    throw error;
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  const email = text(payload.email);
  if (!email) throw invalid();
  return {
    email: email.toLowerCase(),
    verified: payload.email_verified === true || payload.email_verified === "true",
    firstName: text(payload.given_name),
    lastName: text(payload.family_name),
    avatar: text(payload.picture),
  };
}
