import { assertLinkNotThrottled, countLinkAttempt } from "@/lib/links/link-code";

/**
 * Wrong .p12 passwords a signature may take in `windowMinutes` (15, the shared throttle window)
 * before its certificate is refused for 15 minutes: a stolen link must not become a password
 * oracle for the file the holder uploads. Counted in the SignInThrottle table, so every app
 * process agrees.
 */
export const CERTIFICATE_PASSWORD_ATTEMPTS = 5;

const keysOf = (signatureId: string) => [{ key: `p12-password:${signatureId}`, limit: CERTIFICATE_PASSWORD_ATTEMPTS }];

/** TOO_MANY_ATTEMPTS (with `params.minutes` and `details.retryAt`) while the signature's certificate attempts are locked. */
export async function assertCertificateAttemptsLeft(signatureId: string): Promise<void> {
  await assertLinkNotThrottled(keysOf(signatureId));
}

/** Counts one wrong password; the CERTIFICATE_PASSWORD_ATTEMPTS-th in the window locks the signature's certificate attempts. */
export async function countWrongCertificatePassword(signatureId: string): Promise<void> {
  await countLinkAttempt(keysOf(signatureId));
}
