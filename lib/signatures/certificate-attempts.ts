import { takeAttempts, type Attempt, type Throttle } from "@/lib/auth/throttle";

/**
 * Wrong .p12 passwords a signature may take in 15 minutes before its certificate is refused for
 * 15 minutes: a stolen link must not become a password oracle for the file the holder uploads.
 * Counted before the password is tried, in one statement (lib/auth/throttle.ts), so concurrent
 * tries past the limit get no verdict, and every app process agrees.
 */
export const CERTIFICATE_PASSWORD_ATTEMPTS = 5;

export const CERTIFICATE_PASSWORDS: Throttle = {
  prefix: "p12-password",
  limit: CERTIFICATE_PASSWORD_ATTEMPTS,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};

/**
 * Takes one certificate attempt for the signature: TOO_MANY_ATTEMPTS (with `params.minutes` and
 * `details.retryAt`) past the limit. The caller gives it back (`giveBack`) unless the password
 * was wrong.
 */
export async function takeCertificateAttempt(signatureId: string): Promise<Attempt> {
  return takeAttempts([{ throttle: CERTIFICATE_PASSWORDS, id: signatureId }]);
}
